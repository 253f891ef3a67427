import '../../../components/extra-styles';
import '../../../components/application-styles';
import { useState } from 'react';
import { Anchor, Button, Card, Collapse, Group, Stack, Tabs, Text } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { ListFrame } from '../../../components/list-frame';
import { notify } from '../../../lib/notify';
import type { ApplicationOut } from '@jobportal/shared';
import { useSearchParams } from 'react-router';
import { CompanyLogo } from '../../../components/company-logo';
import { ConfirmModal } from '../../../components/confirm-modal';
import { BriefcaseIcon, SearchIcon } from '../../../components/more-icons';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { StatusBadge } from '../../../components/status-badge';
import { usePageTitle } from '../../../components/use-page-title';
import { describeError } from '../../../lib/api/api-error';
import { isApplicationStatus, isOpenStatus } from '@jobportal/shared/vocabulary';
import { statusView } from '../../../components/application-status';
import { useGetMyApplicationsQuery, useWithdrawApplicationMutation } from '../api/applications-api';
import { formatDateTime, formatRecent } from '../../../lib/format';
import { SearchForm, useSearchForm } from '../components/search-form';
import { StatusFilter } from '../components/status-filter';
import { MessageButton } from '../components/message-button';
import { useSession } from '../../../lib/session/use-session';
import { useFeatureParts } from '../../../lib/feature-parts';
import classes from './applications.module.css';
import { useListParams } from '../../../lib/list-params';
import { countOf } from '../../../lib/plural';
import { SavedTab } from '../components/saved-jobs-tab';
import { ListSkeleton, pageSize } from '../components/application-list-parts';
import { RealPathLink } from '../../../components/real-path-link';

function ApplicationRow({ application, onWithdraw }: { application: ApplicationOut; onWithdraw: (application: ApplicationOut) => void }) {
  const { SeekerInterviews, ApplicationTimeline } = useFeatureParts();
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
            <Anchor component={RealPathLink} to={`/job/${job.id}`} fw={600} className={classes.title}>
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
              {open ? 'Hide timeline' : 'Show timeline'}
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
            {open && <ApplicationTimeline applicationId={application.id} />}
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
  const searchForm = useSearchForm(search, update);
  const listQuery = useGetMyApplicationsQuery({
    page,
    status: status ?? undefined,
    search: search || undefined,
  });
  const { data } = listQuery;
  const [withdraw, withdrawing] = useWithdrawApplicationMutation();
  const [confirming, setConfirming] = useState<ApplicationOut | null>(null);
  const [withdrawError, setWithdrawError] = useState<string | null>(null);

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
    <>
      <ListFrame
        isCarded={false}
        toolbar={
          <>
            <SearchForm form={searchForm} label="Search job title or company" placeholder="Search job title or company" />
            <StatusFilter value={status} onChange={(next) => update({ status: next })} />
            {data && data.count > 0 && (
              <Text size="sm" c="dimmed" aria-live="polite">
                {countOf(data.count, 'application')}
              </Text>
            )}
          </>
        }
        query={listQuery}
        failedTitle="Your applications could not be loaded"
        skeleton={<ListSkeleton />}
        rows={
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {data?.results.map((application) => (
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
        }
        empty={
          filtered ? (
            <EmptyState
              place="section"
              icon={<SearchIcon size={24} />}
              title="No applications match"
              description={`Nothing ${status ? `with status “${statusView[status].label}”` : ''}${search ? ` for “${search}”` : ''}.`}
              onClear={searchForm.showAll}
              clearLabel="Show all applications"
            />
          ) : (
            <EmptyState
              place="section"
              icon={<BriefcaseIcon size={24} />}
              title="No applications yet."
              description="Find a job you like and apply in a minute with your profile resume."
              link={{ to: '/', label: 'Find jobs' }}
            />
          )
        }
        page={page}
        pageSize={pageSize}
        onPage={(next) => update({ page: String(next) })}
      />
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
    </>
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
