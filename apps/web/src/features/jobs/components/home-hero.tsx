import { Anchor, Box, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { roleHome } from '../../../lib/session/session';
import { useSession } from '../../../lib/session/use-session';
import classes from '../screens/home-screen.module.css';
import { changeSearch, type SearchState } from '../search-state';
import { SearchBar } from './search-bar';

/** The home page's top: its title (a short word about Hireloop for visitors), the search bar and the way on. */
export function HomeHero({ state, locations, go }: { state: SearchState; locations: string[]; go: (next: SearchState) => void }) {
  const session = useSession();
  const isSignedIn = session.role !== null;
  return (
    <Box className={classes.hero}>
      <Container size="lg" px={{ base: 'sm', xs: 'md' }} py={{ base: 'md', sm: isSignedIn ? 32 : 40 }}>
        <Stack gap="md">
          {isSignedIn ? (
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              Find jobs
            </Title>
          ) : (
            <Stack gap={6} maw={720}>
              <Text className={classes.eyebrow} fw={600} size="sm">
                Jobs and interviews, in one loop
              </Text>
              <Title order={1} className={classes.headline}>
                Find work that fits. Hire people who fit.
              </Title>
              <Text c="dimmed" maw={600} visibleFrom="sm">
                Search every open job on Hireloop. Apply, interview and hear back in one calm place.
              </Text>
            </Stack>
          )}
          <SearchBar
            key={`${state.search}\u0000${state.location}`}
            search={state.search}
            location={state.location}
            locations={locations}
            onSubmit={({ search, location }) => go(changeSearch(state, { search, location }))}
          />
          {!isSignedIn && (
            <Text size="sm" c="dimmed" visibleFrom="xs">
              Hiring?{' '}
              <Anchor component={Link} to="/signup?role=employer" fw={500}>
                Post jobs on Hireloop
              </Anchor>{' '}
              · Already have an account?{' '}
              <Anchor component={Link} to="/login" fw={500}>
                Sign in
              </Anchor>
            </Text>
          )}
          {isSignedIn && session.role !== 'jobseeker' && (
            <Text size="sm" c="dimmed">
              <Anchor component={Link} to={roleHome(session)} fw={500}>
                Back to your dashboard
              </Anchor>
            </Text>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
