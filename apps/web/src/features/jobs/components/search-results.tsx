import { Alert, Anchor, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import type { JobSearchResult } from '@jobportal/shared';
import { isJobSort, jobSortLabels } from '@jobportal/shared/vocabulary';
import { EmptyState } from '../../../components/empty-state';
import { ListFrame } from '../../../components/list-frame';
import { FilterIcon, SearchIcon } from '../../../components/more-icons';
import { useFeatureParts } from '../../../lib/feature-parts';
import { alertCriteriaOf, changeSearch, emptySearch, searchPageSize, withoutFilters, type SearchState } from '../search-state';
import type { JobSearchView } from '../use-job-search';
import { JobResultCard, JobResultSkeleton } from './job-result-card';
import { countText } from './result-count';

const sortOptions = Object.entries(jobSortLabels).map(([value, label]) => ({ value, label }));

interface HeaderProps {
  results: JobSearchResult | undefined;
  isError: boolean;
  state: SearchState;
  go: (next: SearchState) => void;
  /** How many filters are picked; null where the filters sit beside the results (no button). */
  filterButton: { count: number; onOpen: () => void } | null;
}

/** Above the results: how many, for what, the filters' button on narrow screens, and the order. */
export function ResultsHeader({ results, isError, state, go, filterButton }: HeaderProps) {
  const { AlertMeButton } = useFeatureParts();
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text fw={600} aria-live="polite" role="status">
        {results ? countText(results.count, results.count_is_estimate) : isError ? 'No results' : 'Searching…'}
        {results && state.search ? ` for “${(results.count > 0 && results.corrected_search) || state.search}”` : ''}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <AlertMeButton criteria={alertCriteriaOf(state, results && results.count > 0 ? results.corrected_search : null)} />
        {filterButton && (
          <Button variant="default" size="sm" leftSection={<FilterIcon size={16} />} onClick={filterButton.onOpen}>
            Filters{filterButton.count ? ` (${filterButton.count})` : ''}
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
  );
}

/** What the search did with a misspelt word: searched for its nearest spelling, which found something or not. */
export function CorrectionNotice({
  results,
  state,
  go,
}: {
  results: JobSearchResult | undefined;
  state: SearchState;
  go: (next: SearchState) => void;
}) {
  const corrected = results?.corrected_search;
  if (!results || !corrected) return null;
  if (results.count === 0) {
    return (
      <Alert variant="light" color="gray" icon={<SearchIcon />}>
        <Text size="sm">
          No jobs matched “{state.search}”, nor <strong>“{corrected}”</strong>, its nearest spelling.
        </Text>
      </Alert>
    );
  }
  return (
    <Alert variant="light" color="blue" icon={<SearchIcon />}>
      <Text size="sm">
        No jobs matched “{state.search}”. Showing results for <strong>“{corrected}”</strong>.{' '}
        <Anchor component="button" type="button" size="sm" fw={500} onClick={() => go(changeSearch(state, { search: corrected }))}>
          Search for “{corrected}”
        </Anchor>
      </Text>
    </Alert>
  );
}

interface JobResultsProps {
  view: JobSearchView;
  results: JobSearchResult | undefined;
  state: SearchState;
  go: (next: SearchState) => void;
  hasFilters: boolean;
  canSave: boolean;
  isPhone: boolean;
  onPage: (page: number) => void;
}

/** The page of jobs found, with its pager, or what to do when none was. */
export function JobResults({ view, results, state, go, hasFilters, canSave, isPhone, onPage }: JobResultsProps) {
  return (
    <ListFrame
      isCarded={false}
      query={{ ...view, data: results, isLoading: !results && !view.isError }}
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
            <JobResultCard key={job.id} job={job} canSave={canSave} />
          ))}
        </Stack>
      }
      empty={
        <EmptyState
          icon={<SearchIcon size={24} />}
          title={hasFilters ? 'No jobs match. Remove a filter' : state.page > 1 ? 'No more jobs' : 'No jobs match these words'}
          description={
            hasFilters
              ? 'Each filter narrows the search. Remove one above, or clear them all.'
              : state.page > 1
                ? 'This page is past the last result.'
                : 'Try fewer or different words: a job title, a skill, or a company.'
          }
          onClear={() => go(hasFilters ? withoutFilters(state) : emptySearch)}
          clearLabel={hasFilters ? 'Clear all filters' : 'Show all jobs'}
        />
      }
      page={state.page}
      pageSize={searchPageSize}
      onPage={onPage}
      pager={{ range: null, maxPages: 500, siblings: isPhone ? 0 : 1 }}
    />
  );
}
