import '../../../components/extra-styles';
import '../../../components/application-styles';
import { useEffect } from 'react';
import { Anchor, Button, Checkbox, Group, SegmentedControl, Skeleton, Stack } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { ListFrame } from '../../../components/list-frame';
import type { ApplicationStatus, JobOut } from '@jobportal/shared';
import { Link, useParams } from 'react-router';
import { ArrowLeftIcon, SearchIcon, UserIcon } from '../../../components/more-icons';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/use-page-title';
import { api } from '../../../lib/api/api-slice';
import { isApiError } from '../../../lib/api/api-error';
import { isApplicationStatus } from '@jobportal/shared/vocabulary';
import { useGetApplicantBoardQuery, useGetApplicantsQuery } from '../api/applications-api';
import { savedJobIdKey } from '../../../lib/session/session';
import { pageSize } from '../components/application-list-parts';
import { ApplicantRow } from '../components/applicant-row';
import { SearchForm, useSearchForm } from '../components/search-form';
import { StatusFilter } from '../components/status-filter';
import { ApplicantBoard } from '../board/applicant-board';
import { useBoardSelection } from '../board/use-board-selection';
import { useListParams } from '../../../lib/list-params';
import { countOf } from '../../../lib/plural';
import { RealPathLink } from '../../../components/real-path-link';
import { useFeatureParts } from '../../../lib/feature-parts';

const jobTitleApi = api.injectEndpoints({
  endpoints: (build) => ({
    getApplicantsJob: build.query<JobOut, number>({ query: (id) => `/jobs/${id}/` }),
  }),
});

/** `#/EmployerJobapplicants/{jobId}` (employer): the applicants of one of its jobs. */
export function EmployerApplicantsScreen() {
  const raw = useParams().jobId;
  const jobId = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  const { params, page, update } = useListParams({ history: 'push' });
  const status = isApplicationStatus(params.get('status')) ? (params.get('status') as ApplicationStatus) : null;
  const search = params.get('search') ?? '';
  const searchForm = useSearchForm(search, update);
  const { data: job } = jobTitleApi.useGetApplicantsJobQuery(jobId, { skip: jobId === 0 });
  const isBoard = params.get('view') === 'board';
  const selection = useBoardSelection();
  const listArgs = { jobId, page, status: status ?? undefined, search: search || undefined };
  const listQuery = useGetApplicantsQuery(listArgs, { skip: jobId === 0 || isBoard });
  // The board's one call (which ApplicantBoard reads too) answers for the whole board: counts, a job not theirs.
  const boardQuery = useGetApplicantBoardQuery({ jobId, search: search || undefined }, { skip: jobId === 0 || !isBoard });
  const { data } = listQuery;
  const shown = isBoard ? boardQuery.data?.columns.flatMap((c) => c.results) : data?.results;
  const total = isBoard ? boardQuery.data?.columns.reduce((sum, c) => sum + c.count, 0) : data?.count;
  usePageTitle(job ? `Applicants: ${job.title}` : 'Applicants');
  const { BulkActionBar } = useFeatureParts();
  const openAtFirst = Number(params.get('applicant'));
  const pageIds = isBoard ? [] : (data?.results.map((r) => r.id) ?? []);
  const isPageSelected = pageIds.length > 0 && pageIds.every((id) => selection.isSelected(id));
  const names = Object.fromEntries((shown ?? []).map((r) => [r.id, r.applicant.full_name]));
  const bulkBar = job && (
    <BulkActionBar
      job={{ id: jobId, title: job.title, companyId: job.company.id }}
      selectedIds={[...selection.ids]}
      names={names}
      onDone={selection.clear}
    />
  );

  // Spec section 4: viewing applicants stores the job id of the first applicant.
  const firstJobId = shown?.[0]?.job;
  useEffect(() => {
    if (firstJobId !== undefined) localStorage.setItem(savedJobIdKey, String(firstJobId));
  }, [firstJobId]);

  const { error } = isBoard ? boardQuery : listQuery;
  const notFound = jobId === 0 || (isApiError(error) && error.status === 404);

  return (
    <Page>
      <Anchor component={Link} to="/EmployerJobManagement" size="sm" mb="sm" display="inline-block">
        <ArrowLeftIcon size={14} /> All your jobs
      </Anchor>
      <PageHeader
        title={job ? `Applicants for ${job.title}` : 'Applicants'}
        description={total !== undefined ? `${countOf(total, 'applicant')}${status || search ? ' match' : ''}` : undefined}
        actions={
          <Group gap="xs">
            <SegmentedControl
              size="sm"
              aria-label="Show applicants as"
              value={isBoard ? 'board' : 'list'}
              onChange={(view) => update({ view: view === 'board' ? 'board' : null, status: null })}
              data={[
                { value: 'list', label: 'List' },
                { value: 'board', label: 'Board' },
              ]}
            />
            {job && (
              <Button component={RealPathLink} to={`/job/${jobId}`} variant="default" size="sm">
                View job
              </Button>
            )}
          </Group>
        }
      />
      {notFound ? (
        <EmptyState
          place="section"
          icon={<UserIcon size={24} />}
          title="This job is not one of yours"
          description="Only the applicants of your own jobs are shown here."
          link={{ to: '/EmployerJobManagement', label: 'Your jobs' }}
        />
      ) : isBoard ? (
        <Stack gap="sm">
          <SearchForm form={searchForm} label="Search applicants by name" placeholder="Search by name" />
          {bulkBar}
          <ApplicantBoard jobId={jobId} search={search || undefined} selection={selection} />
        </Stack>
      ) : (
        <ListFrame
          isCarded={false}
          toolbar={
            <>
              <SearchForm form={searchForm} label="Search applicants by name" placeholder="Search by name" />
              <StatusFilter value={status} onChange={(next) => update({ status: next })} counts={data?.status_counts} />
              <Checkbox
                label="Select all on this page"
                checked={isPageSelected}
                onChange={(e) => selection.set(pageIds, e.currentTarget.checked)}
              />
              {bulkBar}
            </>
          }
          query={listQuery}
          failedTitle="The applicants could not be loaded"
          skeleton={
            <Stack gap="sm" aria-busy="true" aria-label="Loading applicants">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} height={110} radius="md" />
              ))}
            </Stack>
          }
          rows={
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
              {data?.results.map((item) => (
                <ApplicantRow
                  key={item.id}
                  item={item}
                  job={job}
                  jobId={jobId}
                  selection={selection}
                  isOpenAtFirst={openAtFirst === item.id}
                />
              ))}
            </Stack>
          }
          empty={
            status || search ? (
              <EmptyState
                place="section"
                icon={<SearchIcon size={24} />}
                title="No applicants match"
                description="Try another status or name."
                onClear={searchForm.showAll}
                clearLabel="Show all applicants"
              />
            ) : (
              <EmptyState
                place="section"
                icon={<UserIcon size={24} />}
                title="No applicants yet."
                description="Applications appear here as soon as people apply. Share the job to reach more people."
                link={{ to: `/job/${jobId}`, label: 'View job', variant: 'default' }}
              />
            )
          }
          page={page}
          pageSize={pageSize}
          onPage={(next) => update({ page: String(next) })}
        />
      )}
    </Page>
  );
}
