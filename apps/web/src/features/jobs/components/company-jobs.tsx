import { useState } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { ListFrame } from '../../../components/list-frame';
import { ListSearchBox, useListSearch } from '../../../components/list-search';
import { BriefcaseIcon } from '../../../components/more-icons';
import { useSession } from '../../../lib/session/use-session';
import { useSearchJobsQuery } from '../api/jobs-api';
import { JobResultCard, JobResultSkeleton } from './job-result-card';

const pageSize = 10;

/** A company's open jobs on its page: the job search with its company filter, newest first, its own words and pages. */
export function CompanyJobs({ companyId, companyName }: { companyId: number; companyName: string }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const box = useListSearch(search, (text) => {
    setSearch(text);
    setPage(1);
  });
  const canSave = useSession().role === 'jobseeker';
  const query = useSearchJobsQuery({
    company: companyId,
    page,
    page_size: pageSize,
    sort: search ? 'relevance' : 'newest',
    ...(search ? { search } : {}),
  });
  // Where its jobs are: the search's location counts (without words, every open job's).
  const places = (query.data?.facets.location ?? []).filter((f) => f.count > 0).map((f) => f.label);
  return (
    <Stack gap="md" component="section" aria-labelledby="company-jobs-heading">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={2} fz="lg" id="company-jobs-heading">
          Open jobs{query.data ? ` (${query.data.count})` : ''}
        </Title>
        <ListSearchBox box={box} label={`Search the jobs of ${companyName}`} placeholder="Job title or skill" />
      </Group>
      {!search && places.length > 0 && (
        <Text size="sm" c="dimmed">
          Hiring in {places.join(' · ')}
        </Text>
      )}
      <ListFrame
        isCarded={false}
        query={query}
        failedTitle="The jobs could not be loaded"
        skeleton={
          <Stack gap="sm" aria-busy="true" aria-label="Loading jobs">
            {Array.from({ length: 3 }, (_, index) => (
              <JobResultSkeleton key={index} />
            ))}
          </Stack>
        }
        rows={
          <Stack gap="sm" aria-label={`Jobs at ${companyName}`} role="list">
            {query.data?.results.map((job) => (
              <div role="listitem" key={job.id}>
                <JobResultCard job={job} canSave={canSave} />
              </div>
            ))}
          </Stack>
        }
        empty={
          <EmptyState
            icon={<BriefcaseIcon size={24} />}
            title={search ? 'No jobs match these words' : 'No open jobs right now'}
            description={
              search ? `None of ${companyName}'s open jobs match. Try other words.` : `${companyName} has no open jobs at the moment.`
            }
            onClear={
              search
                ? () => {
                    box.clear();
                    setSearch('');
                    setPage(1);
                  }
                : undefined
            }
            clearLabel="Show all its jobs"
          />
        }
        page={page}
        pageSize={pageSize}
        onPage={setPage}
      />
    </Stack>
  );
}
