import '../../../components/extra-styles';
import { lazy, Suspense, useRef, useState } from 'react';
import { Container, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { usePageTitle } from '../../../components/use-page-title';
import { useSession } from '../../../lib/session/use-session';
import { FilterChips } from '../components/filter-chips';
import { FilterPanel } from '../components/filter-panel';
import { HomeFooter, VisitorPoints } from '../components/home-footer';
import { HomeHero } from '../components/home-hero';
import { countText } from '../components/result-count';
import { CorrectionNotice, JobResults, ResultsHeader } from '../components/search-results';
import { activeFilterChips, toApiParams, withoutFilters, type SearchState } from '../search-state';
import { useJobSearch } from '../use-job-search';
import { useSearchState } from '../use-search-state';
import classes from './home-screen.module.css';

const FilterDrawer = lazy(() => import('../components/filter-drawer'));

/** `#/`: job search for everyone, with a short word about Hireloop for visitors. */
export function HomeScreen() {
  const session = useSession();
  const isSignedIn = session.role !== null;
  const { state, go } = useSearchState();
  usePageTitle(state.search ? `“${state.search}” jobs` : '');
  const { view, source } = useJobSearch(toApiParams(state), { plainFirst: !isSignedIn });
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
  const facets = view.data?.facets;
  const chips = activeFilterChips(state, facets);
  const results = view.currentData;
  const goToPage = (page: number) => {
    go({ ...state, page });
    resultsTop.current?.scrollIntoView({ block: 'start' });
  };
  const update = (next: SearchState) => go(next);
  const filterPanel = <FilterPanel state={state} facets={facets} onChange={update} />;
  const filterChips = <FilterChips chips={chips} onRemove={(chip) => go(chip.without)} onClearAll={() => go(withoutFilters(state))} />;

  return (
    <>
      {source}
      <HomeHero state={state} locations={(facets?.location ?? []).map((value) => value.label)} go={go} />
      <Container size="lg" px={{ base: 'sm', xs: 'md' }} py={{ base: 'md', sm: 'xl' }}>
        <div className={classes.layout} ref={resultsTop}>
          {isWide && (
            <aside className={classes.filters} aria-label="Filters">
              {filterPanel}
            </aside>
          )}
          <Stack gap="md" className={classes.results}>
            <ResultsHeader
              results={results}
              isError={view.isError}
              state={state}
              go={go}
              filterButton={isWide ? null : { count: chips.length, onOpen: openFilterDrawer }}
            />
            {filterChips}
            <CorrectionNotice results={results} state={state} go={go} />
            <JobResults
              view={view}
              results={results}
              state={state}
              go={go}
              hasFilters={chips.length > 0}
              canSave={session.role === 'jobseeker'}
              isPhone={isPhone}
              onPage={goToPage}
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
            isFetching={view.isFetching}
            showLabel={results ? `Show ${countText(results.count, results.count_is_estimate).toLowerCase()}` : 'Show jobs'}
          >
            <Stack gap="lg" pb={80}>
              {filterChips}
              {filterPanel}
            </Stack>
          </FilterDrawer>
        </Suspense>
      )}

      {!isSignedIn && <VisitorPoints />}
      <HomeFooter />
    </>
  );
}
