import type { ReactNode } from 'react';
import { Anchor, Box, Button, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { BriefcaseIcon, ShieldIcon, SparkIcon } from '../../../components/icons';
import { roleHome } from '../../../lib/session/session';
import { useSession } from '../../../lib/session/use-session';
import classes from './home-screen.module.css';
import { usePageTitle } from '../../../components/use-page-title';

const valuePoints: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <BriefcaseIcon />,
    title: 'One profile, every application',
    text: 'Keep your resume, experience and skills in one place and apply in a few clicks.',
  },
  {
    icon: <SparkIcon />,
    title: 'Interviews without the back-and-forth',
    text: 'Employers schedule interviews and chat with candidates right where the application lives.',
  },
  {
    icon: <ShieldIcon />,
    title: 'Feedback you can show',
    text: 'Job seekers choose which interview feedback to show on their profile. Good work travels with you.',
  },
];

export function HomeScreen() {
  usePageTitle('');
  const session = useSession();
  const isSignedIn = session.role !== null;

  return (
    <>
      <Box className={classes.hero}>
        <Container size="lg" px={{ base: 'sm', xs: 'md' }} py={{ base: 48, sm: 96 }}>
          <Stack gap="lg" maw={720}>
            <Text className={classes.eyebrow} fw={600} size="sm">
              Jobs and interviews, in one loop
            </Text>
            <Title order={1} className={classes.headline}>
              Find work that fits. Hire people who fit.
            </Title>
            <Text size="lg" c="dimmed" maw={560}>
              Hireloop brings job seekers and employers together, from the first application to the final interview, in one calm place.
            </Text>
            {isSignedIn ? (
              <Group gap="sm" mt="sm">
                <Button component={Link} to={roleHome(session)} size="lg">
                  Go to your dashboard
                </Button>
              </Group>
            ) : (
              <Stack gap="md" mt="sm">
                <Group gap="sm" className={classes.ctas}>
                  <Button component={Link} to="/signup?role=jobseeker" size="lg">
                    I’m looking for a job
                  </Button>
                  <Button component={Link} to="/signup?role=employer" size="lg" variant="default">
                    I’m hiring
                  </Button>
                </Group>
                <Text size="sm" c="dimmed">
                  Already on Hireloop?{' '}
                  <Anchor component={Link} to="/login" fw={500}>
                    Sign in
                  </Anchor>
                </Text>
              </Stack>
            )}
          </Stack>
        </Container>
      </Box>

      <Container size="lg" px={{ base: 'sm', xs: 'md' }} py={{ base: 40, sm: 72 }}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing={{ base: 'xl', sm: 40 }}>
          {valuePoints.map((point) => (
            <Stack key={point.title} gap="sm">
              <ThemeIcon variant="light" size={44} radius="md">
                {point.icon}
              </ThemeIcon>
              <Title order={2} fz="lg">
                {point.title}
              </Title>
              <Text c="dimmed" size="sm" lh={1.6}>
                {point.text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>

      <Box component="footer" className={classes.footer}>
        <Container size="lg" px={{ base: 'sm', xs: 'md' }} py="lg">
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              © {new Date().getFullYear()} Hireloop
            </Text>
            <Anchor component={Link} to="/adminlogin" size="sm" c="dimmed">
              Administrator sign-in
            </Anchor>
          </Group>
        </Container>
      </Box>
    </>
  );
}
