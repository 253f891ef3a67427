import { useEffect, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { notify } from '../../../lib/notify';
import type { JobOut } from '@jobportal/shared';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { CompanyLogo } from '../../../components/company-logo';
import { AlertIcon } from '../../../components/icons';
import { LoadFailed } from '../../../components/load-failed';
import {
  ArrowLeftIcon,
  BriefcaseIcon,
  CalendarIcon,
  ClockIcon,
  GlobeIcon,
  LinkIcon,
  MapPinIcon,
  MoneyIcon,
  PencilIcon,
  SearchIcon,
  TagIcon,
  UserIcon,
} from '../../../components/more-icons';
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
import { JobseekerJobActions } from '../components/jobseeker-job-actions';
import classes from './job-details-screen.module.css';
import { countOf } from '../../../lib/plural';

function parseJobId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/** Came from the search results: "back" should restore them exactly (the address holds the search). */
function useBackToResults() {
  const location = useLocation();
  const navigate = useNavigate();
  const cameFromSearch = typeof location.state === 'object' && location.state !== null && 'fromSearch' in location.state;
  return cameFromSearch ? () => void navigate(-1) : null;
}

function BackLink() {
  const back = useBackToResults();
  return back ? (
    <Anchor component="button" type="button" onClick={back} size="sm" className={classes.back}>
      <ArrowLeftIcon size={16} /> Back to results
    </Anchor>
  ) : (
    <Anchor component={Link} to="/" size="sm" className={classes.back}>
      <ArrowLeftIcon size={16} /> Search all jobs
    </Anchor>
  );
}

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className={classes.fact}>
      <span className={classes.factIcon}>{icon}</span>
      <span>{children}</span>
    </li>
  );
}

/** A line an employer began as a bullet point ("- ", "* " or "• "). */
const bullet = /^\s*[-*•]\s+/;

type Run = { isList: false; text: string } | { isList: true; items: string[] };

/** A paragraph cut into runs: lines typed as bullet points together form a list wherever they start. */
function runsOf(paragraph: string): Run[] {
  const runs: Run[] = [];
  for (const line of paragraph.split('\n').filter((l) => l.trim())) {
    const last = runs.at(-1);
    if (bullet.test(line)) {
      if (last?.isList) last.items.push(line.replace(bullet, ''));
      else runs.push({ isList: true, items: [line.replace(bullet, '')] });
    } else if (last && !last.isList) last.text += `\n${line}`;
    else runs.push({ isList: false, text: line });
  }
  return runs;
}

/**
 * A long text as the employer typed it: paragraphs apart, line breaks kept, and lines typed as
 * bullet points shown as a list, also right after a sentence ("What we look for:\n- Go").
 * Text only: React escapes it, so nothing is read as HTML.
 */
function LongText({ title, text }: { title: string; text: string }) {
  if (!text.trim()) return null;
  const paragraphs = text
    .trim()
    .split(/\n\s*\n/)
    .map(runsOf);
  return (
    <section className={classes.section}>
      <Title order={2} fz="lg" mb="xs">
        {title}
      </Title>
      <Stack gap="md">
        {paragraphs.map((runs, i) => (
          <Stack key={i} gap={6}>
            {runs.map((run, j) =>
              run.isList ? (
                <List key={j} className={classes.longList} spacing={6}>
                  {run.items.map((item, k) => (
                    <List.Item key={k}>{item}</List.Item>
                  ))}
                </List>
              ) : (
                <Text key={j} className={classes.longText}>
                  {run.text}
                </Text>
              ),
            )}
          </Stack>
        ))}
      </Stack>
    </section>
  );
}

function NotAvailable() {
  return (
    <Page size="md">
      <EmptyState
        place="page"
        icon={<BriefcaseIcon size={28} />}
        title="This job is no longer available"
        description="It may have been filled, closed, or removed by the employer. There are plenty of others."
        link={{ to: '/', label: 'Search jobs', icon: <SearchIcon size={16} /> }}
      />
    </Page>
  );
}

function JobDetailsSkeleton() {
  return (
    <div className={classes.layout} aria-busy="true" aria-label="Loading the job">
      <Stack gap="lg">
        <Card>
          <Group gap="md" wrap="nowrap" align="flex-start">
            <Skeleton height={64} width={64} radius="md" />
            <Stack gap={10} style={{ flex: 1 }}>
              <Skeleton height={24} width="70%" />
              <Skeleton height={14} width="40%" />
              <Group gap="md">
                <Skeleton height={12} width={120} />
                <Skeleton height={12} width={140} />
                <Skeleton height={12} width={90} />
              </Group>
            </Stack>
          </Group>
        </Card>
        <Stack gap={10}>
          <Skeleton height={18} width={160} />
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height={12} width={index === 5 ? '60%' : '100%'} />
          ))}
        </Stack>
      </Stack>
      <Card className={classes.aside}>
        <Stack gap="sm">
          <Skeleton height={14} width="70%" />
          <Skeleton height={36} />
        </Stack>
      </Card>
    </div>
  );
}

function useCopyLink() {
  return async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      notify({ message: 'Link copied.', color: 'teal' });
    } catch {
      notify({ message: 'The link could not be copied. Copy it from the address bar.', color: 'orange' });
    }
  };
}

/** What a viewer can do with the job now: job seekers apply and save; owners edit; visitors sign in. */
function JobActions({ job, isOwner, layout }: { job: JobOut; isOwner: boolean; layout: 'aside' | 'bar' }) {
  const session = useSession();
  const { pathname } = useLocation();
  const copyLink = useCopyLink();
  const isBar = layout === 'bar';
  const copy = (
    <Button variant="default" leftSection={<LinkIcon size={16} />} onClick={() => void copyLink()} fullWidth={!isBar}>
      Copy link
    </Button>
  );
  if (isOwner) {
    return (
      <>
        <Button
          component={Link}
          to={`/EmployerJobManagement?edit=${job.id}`}
          leftSection={<PencilIcon size={16} />}
          fullWidth={!isBar}
          style={isBar ? { flex: 1 } : undefined}
        >
          Edit job
        </Button>
        {!isBar && (
          <Button component={Link} to="/EmployerJobManagement" variant="default" fullWidth>
            All your jobs
          </Button>
        )}
      </>
    );
  }
  if (session.role === null) {
    return (
      <>
        <Button
          component={Link}
          to="/login"
          state={{ from: pathname }}
          leftSection={<UserIcon size={16} />}
          fullWidth={!isBar}
          style={isBar ? { flex: 1 } : undefined}
        >
          Sign in to apply
        </Button>
        {isBar ? (
          <Button variant="default" onClick={() => void copyLink()} aria-label="Copy link">
            <LinkIcon size={16} />
          </Button>
        ) : (
          <>
            {copy}
            <Text size="xs" c="dimmed" ta="center">
              New to Hireloop?{' '}
              <Anchor component={Link} to="/signup?role=jobseeker" size="xs" fw={500}>
                Create an account
              </Anchor>
            </Text>
          </>
        )}
      </>
    );
  }
  if (session.role === 'jobseeker') {
    return isBar ? (
      <JobseekerJobActions job={job} layout="bar" />
    ) : (
      <>
        <JobseekerJobActions job={job} layout="aside" />
        {copy}
      </>
    );
  }
  return isBar ? (
    <Button variant="default" leftSection={<LinkIcon size={16} />} onClick={() => void copyLink()} style={{ flex: 1 }}>
      Copy link
    </Button>
  ) : (
    copy
  );
}

function JobDetails({ job }: { job: JobOut }) {
  const session = useSession();
  // applicants_count comes only to the job's owner and admins.
  const isOwner = session.role === 'employer' && job.applicants_count !== undefined;
  const salary = formatPay(job.salary_min, job.salary_max, job.currency);
  const companyFacts = [
    job.company.industry,
    job.company.company_size ? `${job.company.company_size} people` : null,
    job.company.headquarters_location,
  ].filter(Boolean);
  const isCompanyPublic = job.not_public_reason !== 'company_not_approved';

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [job.id]);

  return (
    <>
      {isOwner && !job.is_public && job.not_public_reason && (
        <Alert color="orange" variant="light" icon={<AlertIcon />} title="Only you can see this page: the job is not public" mb="lg">
          <Text size="sm">{notPublicReasonLabels[job.not_public_reason].long}</Text>
        </Alert>
      )}
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
                  <Text fw={500}>{job.company.name}</Text>
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
              {job.company.website_url && (
                <Anchor
                  href={job.company.website_url}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  size="sm"
                  className={classes.back}
                >
                  <GlobeIcon size={16} /> {job.company.website_url.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                </Anchor>
              )}
            </Stack>
          </Card>
        </Stack>

        <aside className={classes.aside} aria-label="Actions">
          <Card>
            <Stack gap="sm">
              <Stack gap={2}>
                <Text fw={600} lineClamp={2}>
                  {job.title}
                </Text>
                <Text size="sm" c="dimmed">
                  {job.company.name}
                  {salary ? ` · ${salary}` : ''}
                </Text>
              </Stack>
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
