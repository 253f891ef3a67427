import '../../../components/extra-styles';
import '../../../components/application-styles';
import { Alert, Anchor, Box, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { RealPathLink } from '../../../components/real-path-link';
import { AccountActions } from '../../../components/account-actions';
import { AccountSummary } from '../../../components/account-summary';
import { CompanyLogo } from '../../../components/company-logo';
import { AlertIcon } from '../../../components/icons';
import { JobStatusBadge, JobVisibilityBadge } from '../../../components/job-badges';
import { LoadFailed } from '../../../components/load-failed';
import { PlusIcon } from '../../../components/more-icons';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/use-page-title';
import { StatusBadge } from '../../../components/status-badge';
import { useGetEmployerDashboardQuery } from '../api/dashboards-api';
import { BarList } from '../components/bar-list';
import { StatusBars } from '../components/status-bars';
import { StatCard } from '../components/stat-card';
import classes from './employer-dashboard-screen.module.css';
import { useGetOwnCompanyQuery } from '../../companies/api/companies-api';
import { formatRecent } from '../../../lib/format';
import { firstNameOf, greetingFor } from '../../../lib/greeting';
import { useListOwnJobsQuery } from '../../jobs/api/jobs-api';
import { useSession } from '../../../lib/session/use-session';
import { countOf } from '../../../lib/plural';

function CompanyCard() {
  const { data: company, error, isLoading, isError, refetch } = useGetOwnCompanyQuery();
  if (isError) return <LoadFailed title="Your company could not be loaded" error={error} onRetry={() => void refetch()} />;
  return (
    <Card h="100%">
      <Stack gap="sm" h="100%">
        <Text size="sm" c="dimmed" fw={500}>
          Your company
        </Text>
        {isLoading ? (
          <Group gap="sm" wrap="nowrap">
            <Skeleton height={44} width={44} radius="md" />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={14} width="60%" />
              <Skeleton height={10} width="40%" />
            </Stack>
          </Group>
        ) : company ? (
          <Group gap="sm" wrap="nowrap">
            <CompanyLogo name={company.name} logo={company.logo} isPublic={company.is_approved} size={44} />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {company.name}
              </Text>
              <Text
                size="sm"
                c={company.is_approved ? 'var(--mantine-color-teal-light-color)' : 'var(--mantine-color-orange-light-color)'}
                fw={500}
              >
                {company.is_approved ? 'Approved' : 'Awaiting approval'}
              </Text>
            </Stack>
          </Group>
        ) : (
          <Text size="sm">No company details yet.</Text>
        )}
        <Anchor component={Link} to="/EmployerCompanyManagement" size="sm" fw={500} mt="auto">
          Company details
        </Anchor>
      </Stack>
    </Card>
  );
}

function RecentJobs() {
  const { data, error, isLoading, isError, refetch } = useListOwnJobsQuery({ page: 1, page_size: 5 });
  return (
    <Card p={0}>
      <Group justify="space-between" p="md">
        <Title order={2} fz="lg">
          Your latest jobs
        </Title>
        <Anchor component={Link} to="/EmployerJobManagement" size="sm" fw={500}>
          Manage jobs
        </Anchor>
      </Group>
      {isLoading ? (
        <Stack gap={0} aria-busy="true" aria-label="Loading your jobs">
          {Array.from({ length: 3 }, (_, index) => (
            <Stack key={index} gap={8} px="md" py="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
              <Skeleton height={12} width="50%" />
              <Skeleton height={10} width="30%" />
            </Stack>
          ))}
        </Stack>
      ) : isError ? (
        <LoadFailed m="md" title="Your jobs could not be loaded" error={error} onRetry={() => void refetch()} />
      ) : data && data.results.length > 0 ? (
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {data.results.map((job) => (
            <Group
              component="li"
              key={job.id}
              justify="space-between"
              gap="sm"
              px="md"
              py="sm"
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <Stack gap={4} style={{ minWidth: 0, flex: '1 1 240px' }}>
                <Anchor
                  component={RealPathLink}
                  to={`/job/${job.id}`}
                  fw={600}
                  c="var(--mantine-color-text)"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {job.title}
                </Anchor>
                <Group gap={6}>
                  <JobStatusBadge status={job.status} />
                  <JobVisibilityBadge job={job} />
                </Group>
              </Stack>
              <Stack gap={0} align="flex-end">
                <Text size="sm" fw={500}>
                  {countOf(job.applicants_count, 'applicant')}
                </Text>
                <Text size="xs" c="dimmed">
                  Posted {formatRecent(job.posted_at)}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      ) : (
        <Stack gap="sm" align="flex-start" px="md" pb="md">
          <Text size="sm" c="dimmed">
            No jobs yet. Post your first one: it takes a few minutes.
          </Text>
          <Button component={Link} to="/EmployerJobManagement?new=1" leftSection={<PlusIcon size={16} />}>
            Post a job
          </Button>
        </Stack>
      )}
    </Card>
  );
}

function Applications() {
  const { data, error, isLoading, refetch } = useGetEmployerDashboardQuery();
  if (!isLoading && !data) return <LoadFailed title="Applications could not be loaded" error={error} onRetry={() => void refetch()} />;
  const loading = (
    <Stack gap={10} aria-busy="true" aria-label="Loading">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={14} width={`${90 - i * 15}%`} />
      ))}
    </Stack>
  );
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card>
          <Title order={2} fz="lg" mb="sm">
            Applications by status{data ? ` (${data.applications_total})` : ''}
          </Title>
          {!data ? loading : <StatusBars counts={data.applications_by_status} emptyText="No applications yet." />}
        </Card>
        <Card>
          <Title order={2} fz="lg" mb="sm">
            Applications per job
          </Title>
          {!data ? (
            loading
          ) : data.applications_by_job.length === 0 ? (
            <Text size="sm" c="dimmed">
              No jobs with applications yet.
            </Text>
          ) : (
            <BarList
              label="Applications per job"
              bars={data.applications_by_job.map((row) => ({
                key: row.job_id,
                label: (
                  <Anchor component={Link} to={`/EmployerJobapplicants/${row.job_id}`} size="sm">
                    {row.title}
                  </Anchor>
                ),
                value: row.count,
                color: 'indigo',
              }))}
            />
          )}
        </Card>
      </SimpleGrid>
      <Card>
        <Title order={2} fz="lg" mb="sm">
          Newest applicants
        </Title>
        {!data ? (
          loading
        ) : data.recent_applicants.length === 0 ? (
          <Text size="sm" c="dimmed">
            No applicants yet. They appear here as soon as someone applies.
          </Text>
        ) : (
          <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {data.recent_applicants.map((item) => (
              <Group component="li" key={item.id} justify="space-between" gap="xs" wrap="nowrap">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={`/jobseekerprofile/${item.applicant.id}`} size="sm" fw={600}>
                    {item.applicant.full_name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    applied for{' '}
                    <Anchor component={Link} to={`/EmployerJobapplicants/${item.job}`} size="xs" fw={500}>
                      {item.job_title}
                    </Anchor>{' '}
                    · {formatRecent(item.applied_at)}
                  </Text>
                </Stack>
                <Box style={{ flexShrink: 0 }}>
                  <StatusBadge status={item.status} />
                </Box>
              </Group>
            ))}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}

/** #/dashboard/employer: where the company stands, how many jobs are open, and the latest ones. */
export function EmployerDashboardScreen() {
  usePageTitle('Dashboard');
  const session = useSession();
  const firstName = firstNameOf(session.full_name ?? session.user?.full_name);
  const { data: company } = useGetOwnCompanyQuery();
  const open = useListOwnJobsQuery({ page: 1, page_size: 1, status: 'open' });
  const closed = useListOwnJobsQuery({ page: 1, page_size: 1, status: 'closed' });

  return (
    <Page>
      <PageHeader
        title={firstName ? `${greetingFor()}, ${firstName}` : greetingFor()}
        description="Your hiring at a glance."
        actions={
          <Button component={Link} to="/EmployerJobManagement?new=1" leftSection={<PlusIcon size={16} />}>
            Post a job
          </Button>
        }
      />
      <Stack gap="lg">
        {company && !company.is_approved && (
          <Alert color="orange" variant="light" icon={<AlertIcon />} title="Your jobs are not public yet">
            <Text size="sm">
              {company.name} is awaiting approval. An administrator reviews every new company, usually within a day. We e-mail you once it
              is approved; your open jobs go public then.
            </Text>
          </Alert>
        )}
        <div className={classes.overview}>
          <div className={classes.company}>
            <CompanyCard />
          </div>
          <StatCard
            label="Open jobs"
            value={open.data?.count}
            isLoading={open.isLoading}
            hint={company?.is_approved === false ? 'Not public until the company is approved.' : 'Taking applications.'}
          />
          <StatCard label="Closed jobs" value={closed.data?.count} isLoading={closed.isLoading} hint="Kept, but not taking applications." />
        </div>
        <Applications />
        <RecentJobs />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <AccountSummary />
          <AccountActions />
        </SimpleGrid>
      </Stack>
    </Page>
  );
}
