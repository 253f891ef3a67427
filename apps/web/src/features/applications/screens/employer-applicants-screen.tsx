import '../../../components/extra-styles';
import '../../../components/application-styles';
import { useEffect, useState } from 'react';
import { Anchor, Avatar, Button, Card, Checkbox, Collapse, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { ListFrame } from '../../../components/list-frame';
import { notify } from '../../../lib/notify';
import type { ApplicantOut, ApplicationStatus, JobOut } from '@jobportal/shared';
import { Link, useParams } from 'react-router';
import { FileDownloadButton } from '../../../components/file-download-button';
import { initialsOf } from '../../../components/initials';
import { ArrowLeftIcon, CalendarIcon, SearchIcon, UserIcon } from '../../../components/more-icons';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { StatusBadge } from '../../../components/status-badge';
import { usePageTitle } from '../../../components/use-page-title';
import { api } from '../../../lib/api/api-slice';
import { describeError, isApiError } from '../../../lib/api/api-error';
import { useGetProtectedImageQuery } from '../../../lib/api/protected-image-api';
import { isApplicationStatus, isOpenStatus } from '@jobportal/shared/vocabulary';
import { statusView } from '../../../components/application-status';
import { useChangeApplicationStatusMutation, useGetApplicantsQuery } from '../api/applications-api';
import { formatDateTime, formatRecent } from '../../../lib/format';
import { savedJobIdKey } from '../../../lib/session/session';
import { pageSize } from '../components/application-list-parts';
import { SearchForm, useSearchForm } from '../components/search-form';
import { StatusFilter } from '../components/status-filter';
import { MessageButton } from '../components/message-button';
import classes from './applications.module.css';
import { useListParams } from '../../../lib/list-params';
import { countOf } from '../../../lib/plural';
import { useFeatureParts } from '../../../lib/feature-parts';

const jobTitleApi = api.injectEndpoints({
  endpoints: (build) => ({
    getApplicantsJob: build.query<JobOut, number>({ query: (id) => `/jobs/${id}/` }),
  }),
});

function ApplicantPhoto({ applicant }: { applicant: ApplicantOut['applicant'] }) {
  const { data: url } = useGetProtectedImageQuery(applicant.photo ?? '', { skip: !applicant.photo });
  return (
    <Avatar src={url ?? null} size={48} radius="xl" color="indigo" alt="">
      {initialsOf(applicant.full_name)}
    </Avatar>
  );
}

/** Moves offered: only the statuses the server allows now, so a bad move is never offered. */
export function StatusChanger({ item, jobId }: { item: ApplicantOut; jobId: number }) {
  const [change, { isLoading }] = useChangeApplicationStatusMutation();
  const [error, setError] = useState<string | null>(null);
  if (item.allowed_statuses.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        Final: no further moves.
      </Text>
    );
  }
  const move = async (status: ApplicationStatus) => {
    setError(null);
    try {
      await change({ applicationId: item.id, jobId, status }).unwrap();
      notify({ color: 'teal', message: `${item.applicant.full_name}: ${statusView[status].label}.` });
    } catch (e) {
      setError(describeError(e));
    }
  };
  return (
    <Stack gap={4}>
      <Select
        size="xs"
        w={200}
        label="Move to"
        placeholder="Choose a status"
        aria-label={`Move ${item.applicant.full_name} to`}
        data={item.allowed_statuses.map((status) => ({ value: status, label: statusView[status].label }))}
        value={null}
        onChange={(value) => {
          if (isApplicationStatus(value)) void move(value);
        }}
        disabled={isLoading}
        comboboxProps={{ withinPortal: true }}
      />
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

interface RowProps {
  item: ApplicantOut;
  jobId: number;
  job: JobOut | undefined;
  isSelected: boolean;
  onSelect: (id: number, on: boolean) => void;
  /** Opened from a link (a note's mention): `?applicant=<id>`. */
  isOpenAtFirst: boolean;
}

function ApplicantRow({ item, jobId, job, isSelected, onSelect, isOpenAtFirst }: RowProps) {
  const jobTitle = job?.title;
  const { NotesPanel, ApplicationTimeline } = useFeatureParts();
  const [open, setOpen] = useState(isOpenAtFirst);
  const detailsId = `applicant-${item.id}-details`;
  return (
    <Card component="li" className={classes.row}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Checkbox
          mt={14}
          checked={isSelected}
          onChange={(e) => onSelect(item.id, e.currentTarget.checked)}
          aria-label={`Select ${item.applicant.full_name}`}
        />
        <ApplicantPhoto applicant={item.applicant} />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Anchor component={Link} to={`/jobseekerprofile/${item.applicant.id}`} fw={600} className={classes.title}>
              {item.applicant.full_name}
            </Anchor>
            <StatusBadge status={item.status} />
          </Group>
          <Text size="sm">{item.applicant.current_job_title ?? 'No current title given'}</Text>
          <Text size="xs" c="dimmed" title={formatDateTime(item.applied_at)}>
            Applied {formatRecent(item.applied_at)} · {item.applicant.email}
            {item.last_moved_by && ` · Last moved by ${item.last_moved_by.full_name}`}
          </Text>
          <Group gap="sm" mt="xs" align="flex-end" wrap="wrap">
            <StatusChanger item={item} jobId={jobId} />
            {isOpenStatus(item.status) && (
              <Button
                size="xs"
                component={Link}
                to={`/schedule-interview/${item.id}`}
                state={{ applicantName: item.applicant.full_name, jobTitle, jobId, jobseekerTimeZone: item.applicant.time_zone }}
                leftSection={<CalendarIcon size={14} />}
              >
                Schedule interview
              </Button>
            )}
            <MessageButton jobseekerId={item.applicant.id} jobId={jobId} label={`Message ${item.applicant.full_name}`} />
            {item.resume ? (
              <FileDownloadButton file={item.resume} />
            ) : (
              <Text size="xs" c="dimmed">
                No resume
              </Text>
            )}
            <Button size="xs" variant="subtle" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={detailsId}>
              {open ? 'Hide details' : 'Cover letter, timeline and notes'}
            </Button>
          </Group>
          <Collapse expanded={open} id={detailsId}>
            <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-line' }}>
              {item.cover_letter.trim() || 'No cover letter.'}
            </Text>
            {open && <ApplicationTimeline applicationId={item.id} />}
            {open && job && <NotesPanel applicationId={item.id} companyId={job.company.id} />}
          </Collapse>
        </Stack>
      </Group>
    </Card>
  );
}

/** `#/EmployerJobapplicants/{jobId}` (employer): the applicants of one of its jobs. */
export function EmployerApplicantsScreen() {
  const raw = useParams().jobId;
  const jobId = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  const { params, page, update } = useListParams({ history: 'push' });
  const status = isApplicationStatus(params.get('status')) ? (params.get('status') as ApplicationStatus) : null;
  const search = params.get('search') ?? '';
  const searchForm = useSearchForm(search, update);
  const { data: job } = jobTitleApi.useGetApplicantsJobQuery(jobId, { skip: jobId === 0 });
  const listQuery = useGetApplicantsQuery({ jobId, page, status: status ?? undefined, search: search || undefined }, { skip: jobId === 0 });
  const { data } = listQuery;
  usePageTitle(job ? `Applicants: ${job.title}` : 'Applicants');
  const { BulkActionBar } = useFeatureParts();
  const openAtFirst = Number(params.get('applicant'));
  const [selected, setSelected] = useState<number[]>([]);
  const select = (id: number, on: boolean) => setSelected((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));
  const pageIds = data?.results.map((r) => r.id) ?? [];
  const isPageSelected = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  const names = Object.fromEntries((data?.results ?? []).map((r) => [r.id, r.applicant.full_name]));

  // Spec section 4: viewing applicants stores the job id of the first applicant.
  const firstJobId = data?.results[0]?.job;
  useEffect(() => {
    if (firstJobId !== undefined) localStorage.setItem(savedJobIdKey, String(firstJobId));
  }, [firstJobId]);

  const notFound = jobId === 0 || (listQuery.isError && isApiError(listQuery.error) && listQuery.error.status === 404);

  return (
    <Page>
      <Anchor component={Link} to="/EmployerJobManagement" size="sm" mb="sm" display="inline-block">
        <ArrowLeftIcon size={14} /> All your jobs
      </Anchor>
      <PageHeader
        title={job ? `Applicants for ${job.title}` : 'Applicants'}
        description={data ? `${countOf(data.count, 'applicant')}${status || search ? ' match' : ''}` : undefined}
        actions={
          job ? (
            <Button component={Link} to={`/job/${jobId}`} variant="default" size="sm">
              View job
            </Button>
          ) : undefined
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
                onChange={(e) =>
                  setSelected(
                    e.currentTarget.checked ? [...new Set([...selected, ...pageIds])] : selected.filter((id) => !pageIds.includes(id)),
                  )
                }
              />
              {job && (
                <BulkActionBar
                  job={{ id: jobId, title: job.title, companyId: job.company.id }}
                  selectedIds={selected}
                  names={names}
                  onDone={() => setSelected([])}
                />
              )}
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
                  jobId={jobId}
                  job={job}
                  isSelected={selected.includes(item.id)}
                  onSelect={select}
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
