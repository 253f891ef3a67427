// size: not split yet (issue 48): HomeScreen is 244 lines; its hero and results header are the next sections to move out.
import '../../../components/extra-styles';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Alert, Anchor, Box, Button, Container, Group, NativeSelect, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { ListFrame } from '../../../components/list-frame';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { ShieldIcon } from '../../../components/icons';
import { BriefcaseIcon, FilterIcon, SearchIcon, SparkIcon } from '../../../components/more-icons';
import { usePageTitle } from '../../../components/use-page-title';
import { jobSortLabels, isJobSort } from '@jobportal/shared/vocabulary';
import { roleHome } from '../../../lib/session/session';
import { useSession } from '../../../lib/session/use-session';
import { FilterChips } from '../components/filter-chips';
import { FilterPanel } from '../components/filter-panel';
import { JobResultCard, JobResultSkeleton } from '../components/job-result-card';
import { SearchBar } from '../components/search-bar';
import {
  activeFilterChips,
  changeSearch,
  emptySearch,
  searchPageSize,
  toApiParams,
  withoutFilters,
  type SearchState,
} from '../search-state';
import { useJobSearch } from '../use-job-search';
import { useSearchState } from '../use-search-state';
import classes from './home-screen.module.css';
import { countText } from '../components/result-count';

const FilterDrawer = lazy(() => import('../components/filter-drawer'));

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

const sortOptions = Object.entries(jobSortLabels).map(([value, label]) => ({ value, label }));

/** `#/`: job search for everyone, with a short word about Hireloop for visitors. */
export function HomeScreen() {
  const session = useSession();
  const isSignedIn = session.role !== null;
  const { state, go } = useSearchState();
  usePageTitle(state.search ? `“${state.search}” jobs` : '');
  const { view, source } = useJobSearch(toApiParams(state), { plainFirst: !isSignedIn });
  const { data, currentData, isFetching, isError } = view;
  const isWide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const isPhone = useMediaQuery('(max-width: 30em)', false, { getInitialValueInEffect: false });
  const [isFilterDrawerOpen, setFilterDrawerOpen] = useState(false);
  // Mounted from its first opening on, so that it can animate closed.
  const [hasOpenedDrawer, setHasOpenedDrawer] = useState(false);
  const openFilterDrawer = () => {
    setHasOpenedDrawer(true);
    setFilterDrawerOpen(true);
  };
  const resultsTop = useRef<HTMLDivElement>(null);

  // The facets and names of the last answer stay while the next one loads.
  const facets = data?.facets;
  const chips = activeFilterChips(state, facets);
  const results = currentData;
  const isLoadingResults = !results && !isError;

  const goToPage = (page: number) => {
    go({ ...state, page });
    resultsTop.current?.scrollIntoView({ block: 'start' });
  };
  const update = (next: SearchState) => go(next);

  const filterPanel = <FilterPanel state={state} facets={facets} onChange={update} />;

  return (
    <>
      {source}
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
              locations={(facets?.location ?? []).map((value) => value.label)}
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

      <Container size="lg" px={{ base: 'sm', xs: 'md' }} py={{ base: 'md', sm: 'xl' }}>
        <div className={classes.layout} ref={resultsTop}>
          {isWide && (
            <aside className={classes.filters} aria-label="Filters">
              {filterPanel}
            </aside>
          )}
          <Stack gap="md" className={classes.results}>
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text fw={600} aria-live="polite" role="status">
                {results ? countText(results.count, results.count_is_estimate) : isError ? 'No results' : 'Searching…'}
                {results && state.search ? ` for “${(results.count > 0 && results.corrected_search) || state.search}”` : ''}
              </Text>
              <Group gap="xs" wrap="nowrap">
                {!isWide && (
                  <Button variant="default" size="sm" leftSection={<FilterIcon size={16} />} onClick={openFilterDrawer}>
                    Filters{chips.length ? ` (${chips.length})` : ''}
                  </Button>
                )}
                <NativeSelect
                  aria-label="Sort by"
                  size="sm"
                  w={150}
                  data={sortOptions}
                  value={state.sort}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    if (isJobSort(value)) go(changeSearch(state, { sort: value }));
                  }}
                />
              </Group>
            </Group>

            <FilterChips chips={chips} onRemove={(chip) => go(chip.without)} onClearAll={() => go(withoutFilters(state))} />

            {results?.corrected_search && results.count === 0 && (
              <Alert variant="light" color="gray" icon={<SearchIcon />}>
                <Text size="sm">
                  No jobs matched “{state.search}”, nor <strong>“{results.corrected_search}”</strong>, its nearest spelling.
                </Text>
              </Alert>
            )}
            {results?.corrected_search && results.count > 0 && (
              <Alert variant="light" color="blue" icon={<SearchIcon />}>
                <Text size="sm">
                  No jobs matched “{state.search}”. Showing results for <strong>“{results.corrected_search}”</strong>.{' '}
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    fw={500}
                    onClick={() => go(changeSearch(state, { search: results.corrected_search ?? state.search }))}
                  >
                    Search for “{results.corrected_search}”
                  </Anchor>
                </Text>
              </Alert>
            )}

            <ListFrame
              isCarded={false}
              query={{ ...view, data: results, isLoading: isLoadingResults }}
              failedTitle="The jobs could not be loaded"
              skeleton={
                <Stack gap="sm" aria-busy="true" aria-label="Loading jobs">
                  {Array.from({ length: 4 }, (_, index) => (
                    <JobResultSkeleton key={index} />
                  ))}
                </Stack>
              }
              rows={
                <Stack gap="sm" component="section" aria-label="Jobs">
                  {results?.results.map((job) => (
                    <JobResultCard key={job.id} job={job} canSave={session.role === 'jobseeker'} />
                  ))}
                </Stack>
              }
              empty={
                <EmptyState
                  icon={<SearchIcon size={24} />}
                  title={
                    chips.length > 0 ? 'No jobs match. Remove a filter' : state.page > 1 ? 'No more jobs' : 'No jobs match these words'
                  }
                  description={
                    chips.length > 0
                      ? 'Each filter narrows the search. Remove one above, or clear them all.'
                      : state.page > 1
                        ? 'This page is past the last result.'
                        : 'Try fewer or different words: a job title, a skill, or a company.'
                  }
                  onClear={() => go(chips.length > 0 ? withoutFilters(state) : emptySearch)}
                  clearLabel={chips.length > 0 ? 'Clear all filters' : 'Show all jobs'}
                />
              }
              page={state.page}
              pageSize={searchPageSize}
              onPage={goToPage}
              pager={{ range: null, maxPages: 500, siblings: isPhone ? 0 : 1 }}
            />
          </Stack>
        </div>
      </Container>

      {!isWide && hasOpenedDrawer && (
        <Suspense fallback={null}>
          <FilterDrawer
            opened={isFilterDrawerOpen}
            onClose={() => setFilterDrawerOpen(false)}
            isPhone={isPhone}
            isFetching={isFetching}
            showLabel={results ? `Show ${countText(results.count, results.count_is_estimate).toLowerCase()}` : 'Show jobs'}
          >
            <Stack gap="lg" pb={80}>
              <FilterChips chips={chips} onRemove={(chip) => go(chip.without)} onClearAll={() => go(withoutFilters(state))} />
              {filterPanel}
            </Stack>
          </FilterDrawer>
        </Suspense>
      )}

      {!isSignedIn && (
        <Box className={classes.points}>
          <Container size="lg" px={{ base: 'sm', xs: 'md' }} py={{ base: 32, sm: 48 }}>
            <div className={classes.pointsGrid}>
              {valuePoints.map((point) => (
                <Group key={point.title} gap="sm" align="flex-start" wrap="nowrap">
                  <ThemeIcon variant="light" size={40} radius="md">
                    {point.icon}
                  </ThemeIcon>
                  <Stack gap={4}>
                    <Title order={2} fz="md">
                      {point.title}
                    </Title>
                    <Text c="dimmed" size="sm" lh={1.55}>
                      {point.text}
                    </Text>
                  </Stack>
                </Group>
              ))}
            </div>
          </Container>
        </Box>
      )}

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
