import { type ReactNode } from 'react';
import type { JobOut } from '@jobportal/shared';
import { responseTimeLabel } from '@jobportal/shared/vocabulary';
import { Anchor, Card, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { Link, useLocation, useNavigate } from 'react-router';
import { ArrowLeftIcon, BriefcaseIcon, SearchIcon } from '../../../components/more-icons';
import { Page } from '../../../components/page';
import classes from '../screens/job-details-screen.module.css';

export function BackLink() {
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

/** Came from the search results: "back" should restore them exactly (the address holds the search). */
export function useBackToResults() {
  const location = useLocation();
  const navigate = useNavigate();
  const cameFromSearch = typeof location.state === 'object' && location.state !== null && 'fromSearch' in location.state;
  return cameFromSearch ? () => void navigate(-1) : null;
}

export function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className={classes.fact}>
      <span className={classes.factIcon}>{icon}</span>
      <span>{children}</span>
    </li>
  );
}

/** A line an employer began as a bullet point ("- ", "* " or "• "). */
export const bullet = /^\s*[-*•]\s+/;

export type Run = { isList: false; text: string } | { isList: true; items: string[] };

/** A paragraph cut into runs: lines typed as bullet points together form a list wherever they start. */
export function runsOf(paragraph: string): Run[] {
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
export function LongText({ title, text }: { title: string; text: string }) {
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

export function NotAvailable() {
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

export function JobDetailsSkeleton() {
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

/** The aside's summary: the title, company and pay. */
export function AsideSummary({ job, salary }: { job: Pick<JobOut, 'title' | 'company'>; salary: string | null }) {
  return (
    <Stack gap={2}>
      <Text fw={600} lineClamp={2}>
        {job.title}
      </Text>
      <Text size="sm" c="dimmed">
        {job.company.name}
        {salary ? ` · ${salary}` : ''}
      </Text>
    </Stack>
  );
}

/** What a job seeker may expect of an answer: the company's usual response time, and whether silence closes the application. */
export function AnswerPromise({ job }: { job: Pick<JobOut, 'auto_close' | 'response_time'> }) {
  return (
    <Stack gap={2}>
      {job.response_time && (
        <Text size="sm" fw={500}>
          {responseTimeLabel(job.response_time.median_hours)}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {job.auto_close
          ? 'Every application gets an answer: one left unanswered for 30 days is closed with a message.'
          : 'This employer reviews every application personally; applications are not closed automatically.'}
      </Text>
    </Stack>
  );
}
