import '../../../components/extra-styles';
import '../../../components/application-styles';
import { useState, type FormEvent } from 'react';
import { Anchor, Button, Card, Collapse, EmptyState, Group, Pagination, Skeleton, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { notify } from '../../../lib/notify';
import type { ApplicationOut, SavedJobOut } from '@jobportal/shared';
import { Link, useSearchParams } from 'react-router';
import { CompanyLogo } from '../../../components/company-logo';
import { ConfirmModal } from '../../../components/confirm-modal';
import { LoadFailed } from '../../../components/load-failed';
import { BookmarkIcon, BriefcaseIcon, SearchIcon } from '../../../components/more-icons';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { StatusBadge } from '../../../components/status-badge';
import { usePageTitle } from '../../../components/use-page-title';
import { describeError } from '../../../lib/api/api-error';
import { isApplicationStatus, isOpenStatus } from '@jobportal/shared/vocabulary';
import { statusView } from '../../../components/application-status';
import { useGetMyApplicationsQuery, useWithdrawApplicationMutation } from '../api/applications-api';
import { useGetSavedJobsQuery, useUnsaveJobMutation } from '../../saved-jobs/api/saved-jobs-api';
import { formatDateTime, formatRecent } from '../../../lib/format';
import { formatPay } from '../../../lib/money';
import { StatusFilter } from '../components/status-filter';
import { StatusHistory } from '../components/status-history';
import { MessageButton } from '../components/message-button';
import { useSession } from '../../../lib/session/use-session';
import { SeekerInterviews } from '../../../components/seeker-interviews';
import classes from './applications.module.css';
import { useListParams } from '../../../lib/list-params';
import { countOf } from '../../../lib/plural';

const pageOf = (raw: string | null) => (raw && /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : 1);

function ListSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading">
      {[0, 1, 2].map((i) => (
        <Card key={i}>
          <Group gap="md" wrap="nowrap">
            <Skeleton height={44} width={44} radius="md" />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton height={16} width="50%" />
              <Skeleton height={12} width="30%" />
            </Stack>
            <Skeleton height={20} width={80} radius="xl" />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

function ApplicationRow({ application, onWithdraw }: { application: ApplicationOut; onWithdraw: (application: ApplicationOut) => void }) {
  const [open, setOpen] = useState(false);
  const job = application.job;
  const session = useSession();
  const historyId = `history-${application.id}`;
  return (
    <Card component="li" className={classes.row}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <CompanyLogo name={job.company.name} logo={job.company.logo} size={44} />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Anchor component={Link} to={`/job/${job.id}`} fw={600} className={classes.title}>
              {job.title}
            </Anchor>
            <StatusBadge status={application.status} />
          </Group>
          <Text size="sm">
            {job.company.name} · {job.location}
          </Text>
          <Text size="xs" c="dimmed" title={formatDateTime(application.applied_at)}>
            Applied {formatRecent(application.applied_at)}
            {application.updated_at !== application.applied_at ? ` · updated ${formatRecent(application.updated_at)}` : ''}
          </Text>
          <Group gap="xs" mt={6}>
            <Button size="compact-sm" variant="subtle" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={historyId}>
              {open ? 'Hide history' : 'Show history'}
            </Button>
            {session.userid !== null && (
              <MessageButton jobseekerId={session.userid} jobId={job.id} label={`Message ${job.company.name} about ${job.title}`} />
            )}
            {isOpenStatus(application.status) && (
              <Button size="compact-sm" variant="subtle" color="red" onClick={() => onWithdraw(application)}>
                Withdraw
              </Button>
            )}
          </Group>
          <Collapse expanded={open} id={historyId}>
            <StatusHistory history={application.history} viewer="jobseeker" />
            {application.cover_letter && (
              <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-line' }} c="dimmed">
                <b>Your cover letter:</b> {application.cover_letter}
              </Text>
            )}
          </Collapse>
        </Stack>
      </Group>
      <SeekerInterviews applicationId={application.id} />
    </Card>
  );
}

function ApplicationsTab() {
  const { params, page, update } = useListParams({ history: 'push' });
  const status = isApplicationStatus(params.get('status')) ? (params.get('status') as ApplicationOut['status']) : null;
  const search = params.get('search') ?? '';
  const [typed, setTyped] = useState(search);
  const { data, error, isLoading, isFetching, refetch } = useGetMyApplicationsQuery({
    page,
    status: status ?? undefined,
    search: search || undefined,
  });
  const [withdraw, withdrawing] = useWithdrawApplicationMutation();
  const [confirming, setConfirming] = useState<ApplicationOut | null>(null);
  const [withdrawError, setWithdrawError] = useState<string | null>(null);

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ search: typed.trim() || null });
  };
  const confirmWithdraw = async () => {
    if (!confirming) return;
    setWithdrawError(null);
    try {
      await withdraw({ id: confirming.id, jobId: confirming.job.id }).unwrap();
      notify({ color: 'teal', message: `Application to ${confirming.job.title} withdrawn.` });
      setConfirming(null);
    } catch (e) {
      setWithdrawError(describeError(e));
    }
  };
  const filtered = Boolean(status || search);

  return (
    <Stack gap="md">
      <form onSubmit={submitSearch} role="search">
        <Group gap="xs" wrap="nowrap">
          <TextInput
            aria-label="Search job title or company"
            placeholder="Search job title or company"
            leftSection={<SearchIcon size={16} />}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="default">
            Search
          </Button>
        </Group>
      </form>
      <StatusFilter value={status} onChange={(next) => update({ status: next })} />
      {isLoading ? (
        <ListSkeleton />
      ) : !data ? (
        <LoadFailed title="Your applications could not be loaded" error={error} onRetry={() => void refetch()} />
      ) : data.results.length === 0 ? (
        filtered ? (
          <EmptyState
            py={40}
            icon={<SearchIcon size={24} />}
            withIndicatorBackground
            title="No applications match"
            description={`Nothing ${status ? `with status “${statusView[status].label}”` : ''}${search ? ` for “${search}”` : ''}.`}
          >
            <EmptyState.Actions>
              <Button
                variant="default"
                onClick={() => {
                  setTyped('');
                  update({ status: null, search: null });
                }}
              >
                Show all applications
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <EmptyState
            py={40}
            icon={<BriefcaseIcon size={24} />}
            withIndicatorBackground
            title="No applications yet."
            description="Find a job you like and apply in a minute with your profile resume."
          >
            <EmptyState.Actions>
              <Button component={Link} to="/">
                Find jobs
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        )
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {countOf(data.count, 'application')}
            {isFetching ? ' · updating…' : ''}
          </Text>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {data.results.map((application) => (
              <ApplicationRow
                key={application.id}
                application={application}
                onWithdraw={(a) => {
                  setWithdrawError(null);
                  setConfirming(a);
                }}
              />
            ))}
          </Stack>
          {data.count > 20 && (
            <Group justify="center">
              <Pagination total={Math.ceil(data.count / 20)} value={page} onChange={(p) => update({ page: String(p) })} />
            </Group>
          )}
        </>
      )}
      <ConfirmModal
        opened={confirming !== null}
        title="Withdraw this application?"
        confirmLabel="Withdraw application"
        onConfirm={() => void confirmWithdraw()}
        onClose={() => setConfirming(null)}
        isWorking={withdrawing.isLoading}
        error={withdrawError}
      >
        <Text size="sm">
          Your application to <b>{confirming?.job.title}</b> at {confirming?.job.company.name} will be withdrawn. You cannot apply to this
          job again.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}

function SavedRow({ saved }: { saved: SavedJobOut }) {
  const [unsave, { isLoading }] = useUnsaveJobMutation();
  const job = saved.job;
  const salary = formatPay(job.salary_min, job.salary_max, job.currency);
  const remove = async () => {
    try {
      await unsave({ jobId: job.id, savedId: saved.id }).unwrap();
    } catch (e) {
      notify({ color: 'red', message: `Could not unsave the job. ${describeError(e)}` });
    }
  };
  return (
    <Card component="li" className={classes.row}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <CompanyLogo name={job.company.name} logo={job.company.logo} size={44} />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Anchor component={Link} to={`/job/${job.id}`} fw={600} className={classes.title}>
            {job.title}
          </Anchor>
          <Text size="sm">
            {job.company.name} · {job.location}
            {salary ? ` · ${salary}` : ''}
          </Text>
          <Text size="xs" c="dimmed" title={formatDateTime(saved.saved_at)}>
            Saved {formatRecent(saved.saved_at)}
          </Text>
        </Stack>
        <Button
          size="compact-sm"
          variant="subtle"
          color="gray"
          onClick={() => void remove()}
          loading={isLoading}
          aria-label={`Unsave ${job.title}`}
          leftSection={<BookmarkIcon size={14} filled />}
        >
          Unsave
        </Button>
      </Group>
    </Card>
  );
}

function SavedTab() {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params.get('page'));
  const { data, error, isLoading, refetch } = useGetSavedJobsQuery({ page });
  if (isLoading) return <ListSkeleton />;
  if (!data) return <LoadFailed title="Your saved jobs could not be loaded" error={error} onRetry={() => void refetch()} />;
  if (data.results.length === 0) {
    return (
      <EmptyState
        py={40}
        icon={<BookmarkIcon size={24} />}
        withIndicatorBackground
        title="No saved jobs."
        description="Save jobs from the search with the bookmark to come back to them."
      >
        <EmptyState.Actions>
          <Button component={Link} to="/">
            Find jobs
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {data.count === 1 ? '1 saved job' : `${data.count} saved jobs`}
      </Text>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {data.results.map((saved) => (
          <SavedRow key={saved.id} saved={saved} />
        ))}
      </Stack>
      {data.count > 20 && (
        <Group justify="center">
          <Pagination
            total={Math.ceil(data.count / 20)}
            value={page}
            onChange={(p) => {
              const next = new URLSearchParams(params);
              next.set('page', String(p));
              setParams(next);
            }}
          />
        </Group>
      )}
    </Stack>
  );
}

/** `#/jobseekerapplications` (job seeker): applications (search, status filter, history, withdraw) and saved jobs. */
export function JobseekerApplicationsScreen() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'saved' ? 'saved' : 'applications';
  usePageTitle(tab === 'saved' ? 'Saved jobs' : 'Your applications');
  return (
    <Page>
      <PageHeader title="Applications and saved jobs" description="Where each application stands, and the jobs you kept for later." />
      <Tabs value={tab} onChange={(next) => setParams(next === 'saved' ? { tab: 'saved' } : {})} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="applications">Applications</Tabs.Tab>
          <Tabs.Tab value="saved">Saved jobs</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="applications">
          <ApplicationsTab />
        </Tabs.Panel>
        <Tabs.Panel value="saved">
          <SavedTab />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
