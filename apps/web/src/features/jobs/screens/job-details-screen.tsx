import { useEffect } from 'react';
import { Alert, Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { JobOut } from '@jobportal/shared';
import { Link, useParams } from 'react-router';
import { RealPathLink } from '../../../components/real-path-link';
import { CompanyLogo } from '../../../components/company-logo';
import { AlertIcon } from '../../../components/icons';
import { LoadFailed } from '../../../components/load-failed';
import { BriefcaseIcon, CalendarIcon, ClockIcon, GlobeIcon, MapPinIcon, MoneyIcon, TagIcon } from '../../../components/more-icons';
import { Page } from '../../../components/page';
import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../lib/api/api-error';
import { formatDateTime, formatRecent } from '../../../lib/format';
import { formatDay } from '../../../lib/job-format';
import { formatPay } from '../../../lib/money';
import { notPublicReasonLabels } from '@jobportal/shared/vocabulary';
import { useSession } from '../../../lib/session/use-session';
import { useGetJobQuery } from '../api/jobs-api';
import { applicantsPath } from '../applicants-screen';
import classes from './job-details-screen.module.css';
import { countOf } from '../../../lib/plural';
import { AnswerPromise, AsideSummary, BackLink, Fact, LongText, NotAvailable, JobDetailsSkeleton } from '../components/job-details-parts';
import { JobActions } from '../components/job-actions';

function parseJobId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/** The company's industry, size and headquarters, those it gave. */
function companyFactsOf(job: JobOut) {
  return [
    job.company.industry,
    job.company.company_size ? `${job.company.company_size} people` : null,
    job.company.headquarters_location,
  ].filter(Boolean);
}

/** Why the owner's job is not public, on its page only the owner can see. */
function NotPublicAlert({ job }: { job: JobOut }) {
  if (job.is_public || !job.not_public_reason) return null;
  return (
    <Alert color="orange" variant="light" icon={<AlertIcon />} title="Only you can see this page: the job is not public" mb="lg">
      <Text size="sm">{notPublicReasonLabels[job.not_public_reason].long}</Text>
    </Alert>
  );
}

/** The company's card under the job: its facts, its text, its page (when public) and its website. */
function AboutCompany({ job, isCompanyPublic }: { job: JobOut; isCompanyPublic: boolean }) {
  const companyFacts = companyFactsOf(job);
  return (
    <Card component="section" aria-labelledby="company-heading">
      <Stack gap="sm">
        <Group gap="md" wrap="nowrap">
          <CompanyLogo name={job.company.name} logo={job.company.logo} isPublic={isCompanyPublic} size={48} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} fz="lg" id="company-heading">
              About {job.company.name}
            </Title>
            {companyFacts.length > 0 && (
              <Text size="sm" c="dimmed">
                {companyFacts.join(' · ')}
              </Text>
            )}
          </Stack>
        </Group>
        {job.company.description.trim() && <Text className={classes.longText}>{job.company.description.trim()}</Text>}
        {isCompanyPublic && (
          <Anchor component={RealPathLink} to={`/company/${job.company.id}`} size="sm" fw={500}>
            {job.company.name}: its page and open jobs
          </Anchor>
        )}
        {job.company.website_url && (
          <Anchor href={job.company.website_url} target="_blank" rel="noopener noreferrer nofollow" size="sm" className={classes.back}>
            <GlobeIcon size={16} /> {job.company.website_url.replace(/^https?:\/\//, '').replace(/\/$/, '')}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}

function JobDetails({ job }: { job: JobOut }) {
  const session = useSession();
  // applicants_count comes only to the job's owner and admins.
  const isOwner = session.role === 'employer' && job.applicants_count !== undefined;
  const salary = formatPay(job.salary_min, job.salary_max, job.currency);
  const isCompanyPublic = job.not_public_reason !== 'company_not_approved';

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [job.id]);

  return (
    <>
      {isOwner && <NotPublicAlert job={job} />}
      <div className={classes.layout}>
        <Stack gap="xl" className={classes.main}>
          <Card>
            <Stack gap="md">
              <Group gap="md" wrap="nowrap" align="flex-start">
                <CompanyLogo name={job.company.name} logo={job.company.logo} isPublic={isCompanyPublic} size={64} />
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Title order={1} fz={{ base: 22, sm: 28 }} className={classes.title}>
                    {job.title}
                  </Title>
                  <Text fw={500}>
                    {isCompanyPublic ? (
                      <Anchor component={RealPathLink} to={`/company/${job.company.id}`} inherit>
                        {job.company.name}
                      </Anchor>
                    ) : (
                      job.company.name
                    )}
                  </Text>
                </Stack>
              </Group>
              <ul className={classes.facts} aria-label="Job facts">
                <Fact icon={<MapPinIcon size={16} />}>
                  {job.location}
                  {job.is_remote && (
                    <Badge variant="light" color="grape" size="sm" ml={8}>
                      Remote
                    </Badge>
                  )}
                </Fact>
                <Fact icon={<MoneyIcon size={16} />}>{salary ?? 'Pay not given'}</Fact>
                <Fact icon={<BriefcaseIcon size={16} />}>
                  {job.employment_type} · {job.experience_level}
                  {job.job_function ? ` · ${job.job_function}` : ''}
                </Fact>
                <Fact icon={<ClockIcon size={16} />}>
                  <span title={formatDateTime(job.posted_at)}>Posted {formatRecent(job.posted_at)}</span>
                </Fact>
                {job.application_deadline && <Fact icon={<CalendarIcon size={16} />}>Apply by {formatDay(job.application_deadline)}</Fact>}
              </ul>
              <AnswerPromise job={job} />
              {isOwner && (
                <Text size="sm" c="dimmed">
                  <Anchor component={Link} to={applicantsPath(job.id)} size="sm">
                    {countOf(job.applicants_count ?? 0, 'applicant')}
                  </Anchor>{' '}
                  so far.
                </Text>
              )}
            </Stack>
          </Card>

          <LongText title="About the job" text={job.description} />
          <LongText title="Responsibilities" text={job.responsibilities} />
          <LongText title="Qualifications" text={job.qualifications} />
          <LongText title="Nice to have" text={job.nice_to_have} />

          {job.skills_required.length > 0 && (
            <section className={classes.section}>
              <Title order={2} fz="lg" mb="xs">
                Skills
              </Title>
              <Group gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {job.skills_required.map((skill) => (
                  <li key={skill.id}>
                    <Badge variant="light" size="lg" tt="none" fw={500}>
                      {skill.name}
                    </Badge>
                  </li>
                ))}
              </Group>
            </section>
          )}
          {job.categories.length > 0 && (
            <section className={classes.section}>
              <Title order={2} fz="lg" mb="xs">
                Categories
              </Title>
              <Group gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {job.categories.map((category) => (
                  <li key={category.id}>
                    <Badge variant="default" size="lg" tt="none" fw={500} leftSection={<TagIcon size={12} />}>
                      {category.name}
                    </Badge>
                  </li>
                ))}
              </Group>
            </section>
          )}

          <AboutCompany job={job} isCompanyPublic={isCompanyPublic} />
        </Stack>

        <aside className={classes.aside} aria-label="Actions">
          <Card>
            <Stack gap="sm">
              <AsideSummary job={job} salary={salary} />
              <JobActions job={job} isOwner={isOwner} layout="aside" />
            </Stack>
          </Card>
        </aside>
      </div>
      <div className={classes.bar} role="region" aria-label="Actions">
        <JobActions job={job} isOwner={isOwner} layout="bar" />
      </div>
    </>
  );
}

/** `#/job/{jobId}` (anyone): the whole job and its company. Not public jobs only for their owner and admins. */
export function JobDetailsScreen() {
  const jobId = parseJobId(useParams().jobId);
  const { data: job, error, isLoading, isError, refetch } = useGetJobQuery(jobId ?? 0, { skip: jobId === null });
  const isGone = jobId === null || (isError && isApiError(error) && error.status === 404);
  usePageTitle(isGone ? 'Job not available' : job ? `${job.title} at ${job.company.name}` : 'Job');
  if (isGone) return <NotAvailable />;
  return (
    <Page>
      <div className={classes.top}>
        <BackLink />
      </div>
      {isLoading ? (
        <JobDetailsSkeleton />
      ) : isError || !job ? (
        <LoadFailed title="The job could not be loaded" error={error} onRetry={() => void refetch()} />
      ) : (
        <JobDetails job={job} />
      )}
    </Page>
  );
}
