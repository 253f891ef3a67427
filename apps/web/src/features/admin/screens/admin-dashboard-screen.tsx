import '../../../components/extra-styles';
import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { Anchor, Badge, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { applicationStatuses } from '@jobportal/shared/vocabulary';
import type { AdminData } from '@jobportal/shared';
import { LoadFailed } from '../../../components/load-failed';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { statusView } from '../../../components/application-status';
import { usePageTitle } from '../../../components/use-page-title';
import { useGetAdminDataQuery } from '../api/admin-api';
import { ApprovalQueue } from '../components/approval-queue';
import { countOf } from '../../../lib/plural';

/** Figures that others' actions move (sign-ups, applications) are fetched again every minute. */
const refreshEveryMs = 60_000;

const shortDay = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });

function Figure({ label, value, detail, to }: { label: string; value: number; detail?: string; to?: string }) {
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {to ? (
          <Anchor component={Link} to={to} inherit c="dimmed">
            {label}
          </Anchor>
        ) : (
          label
        )}
      </Text>
      <Text fz={28} fw={700} lh={1.2} mt={4} data-figure>
        {value.toLocaleString()}
      </Text>
      {detail && (
        <Text size="sm" c="dimmed">
          {detail}
        </Text>
      )}
    </Paper>
  );
}

function Figures({ counts }: { counts: AdminData['counts'] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
      <Figure label="Job seekers" value={counts.jobseekers} to="/jobseekers" />
      <Figure label="Employers" value={counts.employers} detail={countOf(counts.recruiters, 'recruiter')} to="/employers" />
      <Figure
        label="Companies"
        value={counts.companies}
        detail={counts.companies_pending ? `${counts.companies_pending.toLocaleString()} awaiting approval` : 'all approved'}
        to="/companies"
      />
      <Figure label="Jobs" value={counts.jobs} detail={`${counts.jobs_open.toLocaleString()} open`} />
      <Figure label="Applications" value={counts.applications} />
      <Figure label="Interviews" value={counts.interviews} />
    </SimpleGrid>
  );
}

function ApplicationsByStatus({ counts }: { counts: AdminData['counts'] }) {
  const present = applicationStatuses.filter((status) => (counts.applications_by_status[status] ?? 0) > 0);
  if (!present.length) return null;
  return (
    <Group gap="xs" aria-label="Applications by status">
      {present.map((status) => (
        <Badge key={status} variant="light" color={statusView[status].color} size="lg" tt="none" fw={500}>
          {statusView[status].label}: {(counts.applications_by_status[status] ?? 0).toLocaleString()}
        </Badge>
      ))}
    </Group>
  );
}

function ChartCard({ title, total, children }: { title: string; total: string; children: React.ReactNode }) {
  return (
    <Card withBorder radius="md" p="md">
      <Group justify="space-between" align="baseline" mb="sm" gap="xs">
        <Title order={2} fz="md">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {total}
        </Text>
      </Group>
      {children}
    </Card>
  );
}

function Charts({ series }: { series: AdminData['series'] }) {
  const signups = series.signups.map((d) => ({ day: shortDay(d.date), 'Job seekers': d.jobseekers, Employers: d.employers }));
  const applications = series.applications.map((d) => ({ day: shortDay(d.date), Applications: d.n }));
  const signupTotal = series.signups.reduce((sum, d) => sum + d.jobseekers + d.employers, 0);
  const applicationTotal = series.applications.reduce((sum, d) => sum + d.n, 0);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ChartCard title="Sign-ups, last 30 days" total={`${signupTotal.toLocaleString()} in all`}>
        <BarChart
          h={220}
          data={signups}
          dataKey="day"
          type="stacked"
          series={[
            { name: 'Job seekers', color: 'teal.6' },
            { name: 'Employers', color: 'blue.6' },
          ]}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          tickLine="none"
          gridAxis="x"
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
          yAxisProps={{ allowDecimals: false, width: 32 }}
        />
      </ChartCard>
      <ChartCard title="Applications, last 30 days" total={`${applicationTotal.toLocaleString()} in all`}>
        <AreaChart
          h={220}
          data={applications}
          dataKey="day"
          series={[{ name: 'Applications', color: 'violet.6' }]}
          curveType="monotone"
          tickLine="none"
          gridAxis="x"
          withDots={false}
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
          yAxisProps={{ allowDecimals: false, width: 32 }}
        />
      </ChartCard>
    </SimpleGrid>
  );
}

function DashboardSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading the dashboard">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} h={92} radius="md" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Skeleton h={290} radius="md" />
        <Skeleton h={290} radius="md" />
      </SimpleGrid>
      <Skeleton h={160} radius="md" />
    </Stack>
  );
}

/** `#/admindashboard`: the figures that matter, sign-ups and applications per day, and the companies waiting for approval. */
export function AdminDashboardScreen() {
  usePageTitle('Admin dashboard');
  const { data, error, isLoading, isError, refetch } = useGetAdminDataQuery(undefined, { pollingInterval: refreshEveryMs });
  return (
    <Page>
      <PageHeader title="Dashboard" description="People, companies and activity on Hireloop." />
      {isLoading ? (
        <DashboardSkeleton />
      ) : isError || !data ? (
        <LoadFailed title="The dashboard could not be loaded" error={error} onRetry={() => void refetch()} />
      ) : (
        <Stack gap="lg">
          <Figures counts={data.counts} />
          <ApplicationsByStatus counts={data.counts} />
          <Charts series={data.series} />
          <ApprovalQueue companies={data.pending_companies} waiting={data.counts.companies_pending} />
        </Stack>
      )}
    </Page>
  );
}
