import '../../../components/application-styles';
import type { ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { AccountActions } from '../../../components/account-actions';
import { AccountSummary } from '../../../components/account-summary';
import { CompanyLogo } from '../../../components/company-logo';
import { SparkIcon } from '../../../components/more-icons';
import { LoadFailed } from '../../../components/load-failed';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { StatusBadge } from '../../../components/status-badge';
import { usePageTitle } from '../../../components/use-page-title';
import { formatRecent } from '../../../lib/format';
import { firstNameOf, greetingFor } from '../../../lib/greeting';
import { useSession } from '../../../lib/session/use-session';
import { useGetJobseekerDashboardQuery } from '../api/dashboards-api';
import { useGetMatchingJobsQuery } from '../../matching-jobs/api/matching-jobs-api';
import { AlertNews } from '../components/alert-news';
import { StatusBars } from '../components/status-bars';
import { useFeatureParts } from '../../../lib/feature-parts';
import { RealPathLink } from '../../../components/real-path-link';

function Panel({ title, link, children }: { title: string; link?: { to: string; label: string }; children: ReactNode }) {
  return (
    <Card h="100%">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {link && (
          <Anchor component={Link} to={link.to} size="sm" fw={500}>
            {link.label}
          </Anchor>
        )}
      </Group>
      {children}
    </Card>
  );
}

function Lines() {
  return (
    <Stack gap={10} aria-busy="true" aria-label="Loading">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={14} width={`${90 - i * 15}%`} />
      ))}
    </Stack>
  );
}

export const matchScoreExplanation =
  'A match weighs the skills and roles on your profile most, then level, place, pay and job type, as far as your profile names them.';

function MatchingJobs() {
  const { data, error, isLoading, refetch } = useGetMatchingJobsQuery();
  return (
    <Panel title="Jobs that match you" link={{ to: '/', label: 'Search all jobs' }}>
      {isLoading ? (
        <Lines />
      ) : !data ? (
        <LoadFailed title="Matching jobs could not be loaded" error={error} onRetry={() => void refetch()} />
      ) : (
        <Stack gap="sm">
          {data.hint && (
            <Alert color="blue" variant="light" icon={<SparkIcon />}>
              <Text size="sm">
                {data.hint}{' '}
                <Anchor component={Link} to="/jobseekerprofile" size="sm" fw={500}>
                  Complete your profile
                </Anchor>
              </Text>
            </Alert>
          )}
          {data.results.length === 0 ? (
            <Text size="sm" c="dimmed">
              No matching jobs right now. Add skills and preferences to your profile to see more.
            </Text>
          ) : (
            <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {data.results.map(({ job, score, reasons }) => (
                <Group component="li" key={job.id} gap="sm" wrap="nowrap" align="flex-start">
                  <CompanyLogo name={job.company.name} logo={job.company.logo} size={36} />
                  <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                    <Group justify="space-between" gap="xs" wrap="nowrap">
                      <Anchor component={RealPathLink} to={`/job/${job.id}`} fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {job.title}
                      </Anchor>
                      {score !== null && (
                        <Badge variant="light" color={score >= 70 ? 'teal' : score >= 40 ? 'blue' : 'gray'} tt="none">
                          {score}% match
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs">
                      {job.company.name} · {job.location}
                    </Text>
                    {reasons.length > 0 && (
                      <Text size="xs" c="dimmed">
                        {reasons.join(' · ')}
                      </Text>
                    )}
                  </Stack>
                </Group>
              ))}
            </Stack>
          )}
          {data.results.some((r) => r.score !== null) && (
            <Text size="xs" c="dimmed">
              {matchScoreExplanation}
            </Text>
          )}
        </Stack>
      )}
    </Panel>
  );
}

/** `#/dashboard/jobseeker`: where applications stand, what needs doing, and what to look at next. */
export function JobseekerDashboardScreen() {
  const { SeekerInterviews } = useFeatureParts();
  usePageTitle('Dashboard');
  const session = useSession();
  const firstName = firstNameOf(session.full_name ?? session.user?.full_name);
  const { data, error, isLoading, refetch } = useGetJobseekerDashboardQuery();
  const total = data ? Object.values(data.applications_by_status).reduce((sum, n) => sum + (n ?? 0), 0) : 0;
  return (
    <Page>
      <PageHeader
        title={firstName ? `${greetingFor()}, ${firstName}` : greetingFor()}
        description="Your job search at a glance."
        actions={
          <Button component={Link} to="/">
            Find jobs
          </Button>
        }
      />
      <Stack gap="lg">
        <AlertNews />
        {!isLoading && !data ? (
          <LoadFailed title="Your dashboard could not be loaded" error={error} onRetry={() => void refetch()} />
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              <Panel title="Your profile" link={{ to: '/jobseekerprofile', label: 'Edit profile' }}>
                {!data ? (
                  <Lines />
                ) : (
                  <Stack gap="xs">
                    <Text fz={30} fw={700} lh={1.1}>
                      {data.profile_completeness}%
                    </Text>
                    <Progress
                      value={data.profile_completeness}
                      color={data.profile_completeness >= 80 ? 'teal' : 'orange'}
                      aria-label={`Profile ${data.profile_completeness}% complete`}
                    />
                    <Text size="sm" c="dimmed">
                      {data.profile_completeness >= 100
                        ? 'Complete. Employers see everything they need.'
                        : 'A complete profile gets better matches and more replies.'}
                    </Text>
                  </Stack>
                )}
              </Panel>
              <Panel title={`Applications${data ? ` (${total})` : ''}`} link={{ to: '/jobseekerapplications', label: 'All applications' }}>
                {!data ? (
                  <Lines />
                ) : (
                  <StatusBars counts={data.applications_by_status} emptyText="No applications yet. Find jobs and apply." />
                )}
              </Panel>
            </SimpleGrid>
            <Panel title="Interviews" link={{ to: '/jobseekerapplications', label: 'All applications' }}>
              <SeekerInterviews
                when="upcoming"
                empty="No interviews coming up. When an employer schedules one or offers times, it shows here."
              />
            </Panel>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <Panel title="Recent applications" link={{ to: '/jobseekerapplications', label: 'See all' }}>
                {!data ? (
                  <Lines />
                ) : data.recent_applications.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    No applications yet.{' '}
                    <Anchor component={Link} to="/" size="sm">
                      Find jobs
                    </Anchor>
                  </Text>
                ) : (
                  <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                    {data.recent_applications.map((application) => (
                      <Group component="li" key={application.id} justify="space-between" gap="xs" wrap="nowrap">
                        <Stack gap={0} style={{ minWidth: 0 }}>
                          <Anchor
                            component={RealPathLink}
                            to={`/job/${application.job.id}`}
                            size="sm"
                            fw={600}
                            style={{ overflowWrap: 'anywhere' }}
                          >
                            {application.job.title}
                          </Anchor>
                          <Text size="xs" c="dimmed">
                            {application.job.company.name} · applied {formatRecent(application.applied_at)}
                          </Text>
                        </Stack>
                        <StatusBadge status={application.status} />
                      </Group>
                    ))}
                  </Stack>
                )}
              </Panel>
              <Panel
                title={`Saved jobs${data ? ` (${data.saved_jobs_count})` : ''}`}
                link={{ to: '/jobseekerapplications?tab=saved', label: 'See all' }}
              >
                {!data ? (
                  <Lines />
                ) : data.saved_jobs.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    No saved jobs. Use the bookmark in the search to keep jobs for later.
                  </Text>
                ) : (
                  <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                    {data.saved_jobs.map((saved) => (
                      <Stack component="li" key={saved.id} gap={0}>
                        <Anchor
                          component={RealPathLink}
                          to={`/job/${saved.job.id}`}
                          size="sm"
                          fw={600}
                          style={{ overflowWrap: 'anywhere' }}
                        >
                          {saved.job.title}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {saved.job.company.name} · saved {formatRecent(saved.saved_at)}
                        </Text>
                      </Stack>
                    ))}
                  </Stack>
                )}
              </Panel>
            </SimpleGrid>
            <MatchingJobs />
          </>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <AccountSummary />
          <AccountActions />
        </SimpleGrid>
      </Stack>
    </Page>
  );
}
