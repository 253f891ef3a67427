import { type ReactNode } from 'react';
import { useFeatureParts } from '../../../lib/feature-parts';
import { Badge, Group, Mark, Skeleton, Stack, Text } from '@mantine/core';
import type { JobSummary } from '@jobportal/shared';
import { CompanyLogo } from '../../../components/company-logo';
import { formatDateTime, formatRecent } from '../../../lib/format';
import { formatPay } from '../../../lib/money';
import classes from './job-result-card.module.css';
import { RealPathLink } from '../../../components/real-path-link';

// Only signed-in job seekers save jobs: the button and its calls stay out of visitors' first load.

/** What a search result links with: the job page can offer "Back to results". */
export const fromSearchState = { fromSearch: true } as const;

/** Plain text with the server's ranges marked (the text is never HTML; React escapes it). */
export function MarkedText({ text, ranges }: { text: string; ranges: ReadonlyArray<readonly [number, number]> }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (start < at || end <= start || end > text.length) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <Mark key={start} color="yellow" c="var(--mantine-color-text)">
        {text.slice(start, end)}
      </Mark>,
    );
    at = end;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}

/** One search result: the facts a reader decides on, a snippet, and the whole card opens the job. */
export function JobResultCard({ job, canSave = false }: { job: JobSummary; canSave?: boolean }) {
  const { SaveJobButton } = useFeatureParts();
  const salary = formatPay(job.salary_min, job.salary_max, job.currency);
  return (
    <article className={classes.card} aria-labelledby={`job-${job.id}-title`}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <CompanyLogo name={job.company.name} logo={job.company.logo} size={44} className={classes.logo} />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <RealPathLink to={`/job/${job.id}`} state={fromSearchState} className={classes.title} id={`job-${job.id}-title`}>
            {job.title}
          </RealPathLink>
          <Text size="sm" fw={500}>
            <RealPathLink to={`/company/${job.company.id}`} className={classes.company}>
              {job.company.name}
            </RealPathLink>
          </Text>
          <Text size="sm" c="dimmed">
            {job.location}
          </Text>
          <Group gap={6} mt={4}>
            {job.is_remote && (
              <Badge variant="light" color="grape" size="sm">
                Remote
              </Badge>
            )}
            {salary && (
              <Badge variant="light" color="green" size="sm" tt="none">
                {salary}
              </Badge>
            )}
            <Badge variant="default" size="sm" tt="none">
              {job.employment_type}
            </Badge>
            <Badge variant="default" size="sm" tt="none">
              {job.experience_level}
            </Badge>
          </Group>
          {job.snippet && (
            <Text size="sm" c="dimmed" mt={4} lineClamp={2}>
              <MarkedText text={job.snippet} ranges={job.snippet_highlights} />
            </Text>
          )}
          <Text size="xs" c="dimmed" mt={2} title={formatDateTime(job.posted_at)}>
            Posted {formatRecent(job.posted_at)}
          </Text>
        </Stack>
        {canSave && (
          <div className={classes.save}>
            <SaveJobButton jobId={job.id} jobTitle={job.title} />
          </div>
        )}
      </Group>
    </article>
  );
}

export function JobResultSkeleton() {
  return (
    <div className={classes.card}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Skeleton height={44} width={44} radius="md" />
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton height={16} width="60%" />
          <Skeleton height={12} width="35%" />
          <Skeleton height={12} width="30%" />
          <Group gap={6}>
            <Skeleton height={18} width={60} radius="xl" />
            <Skeleton height={18} width={120} radius="xl" />
            <Skeleton height={18} width={70} radius="xl" />
          </Group>
          <Skeleton height={10} width="95%" />
          <Skeleton height={10} width="80%" />
        </Stack>
      </Group>
    </div>
  );
}
