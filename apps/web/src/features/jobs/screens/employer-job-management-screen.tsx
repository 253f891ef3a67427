import '../../../components/extra-styles';
import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { ListFrame } from '../../../components/list-frame';
import { notify } from '../../../lib/notify';
import type { EmployerJob, JobOut, JobStatus } from '@jobportal/shared';
import { isJobStatus, jobStatuses, jobStatusLabels } from '@jobportal/shared/vocabulary';
import { AlertIcon } from '../../../components/icons';
import { BriefcaseIcon, PlusIcon } from '../../../components/more-icons';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/use-page-title';
import { describeError, fieldError } from '../../../lib/api/api-error';
import { useGetOwnCompanyQuery } from '../../companies/api/companies-api';
import { useListOwnJobsQuery } from '../api/jobs-api';
import { useDeleteJobMutation, useGetJobQuery, usePatchJobMutation } from '../api/jobs-api';
import { DeleteJobModal } from '../components/delete-job-modal';
import { EmployerJobList, EmployerJobListSkeleton } from '../components/employer-job-list';
import { useListParams } from '../../../lib/list-params';
import { ListSearchBox, useListSearch } from '../../../components/list-search';
import { countOf } from '../../../lib/plural';

// The form (with the shared zod schema) loads when it is first opened: the list shows sooner.
const JobFormDrawer = lazy(async () => ({ default: (await import('../components/job-form-drawer')).JobFormDrawer }));

const pageSize = 20;

const statusFilters: { value: JobStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  ...jobStatuses.map((value) => ({ value, label: jobStatusLabels[value] })),
];

/**
 * The list's filters and the open form live in the address: `?status=open&search=…&page=2`, and
 * `?new=1` or `?edit={id}` for the form (so the dashboard and a job's page can link straight to it).
 */
function useJobManagementParams() {
  const { params, page, update: updateParams } = useListParams();
  const statusParam = params.get('status');
  const status = isJobStatus(statusParam) ? statusParam : undefined;
  const search = params.get('search') ?? '';
  const editParam = Number(params.get('edit'));
  const editId = Number.isInteger(editParam) && editParam > 0 ? editParam : null;
  const isNew = params.get('new') === '1';

  const update = (changes: { page?: number; status?: JobStatus | null; search?: string; edit?: number | null; isNew?: boolean }) => {
    const { isNew: wantsNew, ...rest } = changes;
    // Opening or closing the job form is not a new list: the page stays.
    updateParams(
      { ...rest, ...('isNew' in changes ? { new: wantsNew ? '1' : null } : {}) },
      { keepPage: !('status' in changes || 'search' in changes) },
    );
  };
  return { page, status, search, editId, isNew, update };
}

/** #/EmployerJobManagement: the employer's jobs, posting and editing them, opening, closing and deleting. */
/** Jobs of a company awaiting approval are not public yet: says so, and that work can go on. */
function AwaitingApprovalAlert({ companyName }: { companyName: string }) {
  return (
    <Alert color="orange" variant="light" icon={<AlertIcon />} title="Your jobs are not public yet">
      <Text size="sm">
        {companyName} is awaiting approval. An administrator reviews every new company, usually within a day. You can post and edit jobs
        now; open ones go public as soon as the company is approved.
      </Text>
    </Alert>
  );
}

export function EmployerJobManagementScreen() {
  usePageTitle('Jobs');
  const { page, status, search, editId, isNew, update } = useJobManagementParams();
  const searchBox = useListSearch(search, (text) => update({ search: text }));
  const { data: company } = useGetOwnCompanyQuery();
  const listQuery = useListOwnJobsQuery({ page, page_size: pageSize, status, search: search || undefined });
  const { data } = listQuery;
  // The job named by ?edit= when it is not on this page of the list.
  const listedEditJob = editId === null ? undefined : data?.results.find((job) => job.id === editId);
  const { data: fetchedEditJob } = useGetJobQuery(editId ?? 0, { skip: editId === null || listedEditJob !== undefined });
  const editing: JobOut | 'new' | null = isNew ? 'new' : (listedEditJob ?? fetchedEditJob ?? null);

  const [patchJob] = usePatchJobMutation();
  const [togglingId, setTogglingId] = useState<number | null>(null);
  const [deleteJob, { isLoading: isDeleting }] = useDeleteJobMutation();
  const [toDelete, setToDelete] = useState<EmployerJob | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  // Once opened, the drawer stays mounted so it can animate closed.
  const [isFormNeeded, setFormNeeded] = useState(false);
  if (editing !== null && !isFormNeeded) setFormNeeded(true);

  const hasFilters = Boolean(status || search);

  const toggleOpen = async (job: EmployerJob) => {
    const next = job.status === 'open' ? 'closed' : 'open';
    setTogglingId(job.id);
    try {
      const saved = await patchJob({ id: job.id, body: { status: next } }).unwrap();
      notify({
        message:
          next === 'closed'
            ? `“${saved.title}” is closed. It takes no applications and is hidden from search.`
            : `“${saved.title}” is open again.${saved.is_public ? ' It is public.' : ''}`,
        color: 'teal',
      });
    } catch (toggleError) {
      notify({
        title: next === 'open' ? 'The job was not reopened' : 'The job was not closed',
        message: fieldError(toggleError, 'application_deadline') ?? describeError(toggleError),
        color: 'red',
      });
    } finally {
      setTogglingId(null);
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleteError(null);
    try {
      await deleteJob({ id: toDelete.id }).unwrap();
      notify({ message: `“${toDelete.title}” is deleted.`, color: 'teal' });
      setToDelete(null);
    } catch (failure) {
      setDeleteError(describeError(failure));
    }
  };

  const clearFilters = () => {
    searchBox.clear();
    update({ status: null, search: '' });
  };

  return (
    <Page>
      <PageHeader
        title="Jobs"
        description={data ? `${countOf(data.count, 'job')}${hasFilters ? ' match' : ' posted by your company'}` : 'Your company’s jobs.'}
        actions={
          <Button leftSection={<PlusIcon size={16} />} onClick={() => update({ isNew: true, edit: null })}>
            Post a job
          </Button>
        }
      />
      <Stack gap="lg">
        {company && !company.is_approved && <AwaitingApprovalAlert companyName={company.name} />}
        <ListFrame
          toolbar={
            <Group p="md" gap="sm" justify="space-between" wrap="wrap">
              <ListSearchBox box={searchBox} label="Search your jobs by title" placeholder="Search by title" />
              <SegmentedControl
                aria-label="Filter by status"
                data={statusFilters}
                value={status ?? 'all'}
                onChange={(value) => update({ status: isJobStatus(value) ? value : null })}
                size="sm"
              />
            </Group>
          }
          query={listQuery}
          failedTitle="Your jobs could not be loaded"
          skeleton={<EmployerJobListSkeleton />}
          rows={
            <EmployerJobList
              jobs={data?.results ?? []}
              onEdit={(job) => update({ edit: job.id, isNew: false })}
              onDelete={(job) => {
                setDeleteError(null);
                setToDelete(job);
              }}
              onToggleOpen={(job) => void toggleOpen(job)}
              togglingId={togglingId}
            />
          }
          empty={
            hasFilters || page > 1 ? (
              <EmptyState
                icon={<BriefcaseIcon size={24} />}
                title="No jobs match"
                description="Try other words, or show open and closed jobs."
                onClear={clearFilters}
              />
            ) : (
              <EmptyState
                icon={<BriefcaseIcon size={24} />}
                title="No jobs yet"
                description="Post your first job: job seekers find it in search once your company is approved."
              >
                <Button onClick={() => update({ isNew: true })}>Post a job</Button>
              </EmptyState>
            )
          }
          page={page}
          pageSize={pageSize}
          onPage={(next) => update({ page: next })}
        />
      </Stack>

      {isFormNeeded && (
        <Suspense fallback={null}>
          <JobFormDrawer
            editing={editing}
            onClose={() => update({ edit: null, isNew: false })}
            isCompanyApproved={company?.is_approved ?? false}
            defaultCurrency={company?.default_currency ?? 'USD'}
          />
        </Suspense>
      )}

      <DeleteJobModal
        job={toDelete}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
        isWorking={isDeleting}
        error={deleteError}
      />
    </Page>
  );
}
