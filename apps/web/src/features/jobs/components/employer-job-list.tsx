import { ActionIcon, Anchor, Button, Group, Menu, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DotsIcon, ExternalIcon, PencilIcon, TrashIcon } from '../../../components/more-icons';
import { formatDateTime, formatRecent } from '../../../lib/format';
import { formatDay } from '../../../lib/job-format';
import type { EmployerJob } from '@jobportal/shared';
import { applicantsPath, isApplicantsScreenMounted } from '../applicants-screen';
import { JobStatusBadge, JobVisibilityBadge } from '../../../components/job-badges';
import classes from './employer-job-list.module.css';
import { countOf } from '../../../lib/plural';
import { RealPathLink } from '../../../components/real-path-link';

function Applicants({ job }: { job: EmployerJob }) {
  const text = countOf(job.applicants_count, 'applicant');
  if (!isApplicantsScreenMounted) {
    return (
      <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
        {text}
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={applicantsPath(job.id)} size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
      {text}
    </Anchor>
  );
}

interface EmployerJobListProps {
  jobs: EmployerJob[];
  onEdit: (job: EmployerJob) => void;
  onDelete: (job: EmployerJob) => void;
  onToggleOpen: (job: EmployerJob) => void;
  /** The job whose open/closed switch is being saved. */
  togglingId: number | null;
}

/** The employer's jobs: what each is, whether job seekers can see it (and why not), who applied. */
export function EmployerJobList({ jobs, onEdit, onDelete, onToggleOpen, togglingId }: EmployerJobListProps) {
  return (
    <ul className={classes.list}>
      {jobs.map((job) => (
        <li key={job.id} className={classes.row}>
          <div className={classes.main}>
            <Anchor component={RealPathLink} to={`/job/${job.id}`} fw={600} c="var(--mantine-color-text)" className={classes.title}>
              {job.title}
            </Anchor>
            <Text size="sm" c="dimmed">
              {[job.location, job.is_remote && !/^remote$/i.test(job.location) ? 'Remote' : null, job.employment_type]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            <Group gap={6} mt={6}>
              <JobStatusBadge status={job.status} />
              <JobVisibilityBadge job={job} />
            </Group>
            <Text size="xs" c="dimmed" mt={6}>
              <span title={formatDateTime(job.posted_at)}>Posted {formatRecent(job.posted_at)}</span>
              {job.posted_by && ` by ${job.posted_by.full_name}`}
              {job.application_deadline && ` · Deadline ${formatDay(job.application_deadline)}`}
            </Text>
          </div>
          <div className={classes.side}>
            <Applicants job={job} />
            <Group gap="xs" wrap="nowrap">
              <Switch
                checked={job.status === 'open'}
                onChange={() => onToggleOpen(job)}
                disabled={togglingId === job.id}
                label={job.status === 'open' ? 'Open' : 'Closed'}
                aria-label={`${job.status === 'open' ? 'Close' : 'Reopen'} “${job.title}”`}
                size="sm"
              />
              <Button
                variant="default"
                size="xs"
                leftSection={<PencilIcon size={14} />}
                onClick={() => onEdit(job)}
                aria-label={`Edit “${job.title}”`}
              >
                Edit
              </Button>
              <Menu position="bottom-end" shadow="md" width={200}>
                <Menu.Target>
                  <ActionIcon variant="subtle" color="gray" aria-label={`More for “${job.title}”`}>
                    <DotsIcon />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item component={RealPathLink} to={`/job/${job.id}`} leftSection={<ExternalIcon size={16} />}>
                    View job page
                  </Menu.Item>
                  <Menu.Divider />
                  <Menu.Item color="red" leftSection={<TrashIcon size={16} />} onClick={() => onDelete(job)}>
                    Delete…
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Placeholder rows shaped like the list while it loads. */
export function EmployerJobListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <Stack gap={0} aria-busy="true" aria-label="Loading your jobs">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className={classes.row}>
          <Stack gap={8} className={classes.main}>
            <Skeleton height={14} width="55%" />
            <Skeleton height={10} width="40%" />
            <Group gap={6}>
              <Skeleton height={18} width={60} radius="xl" />
              <Skeleton height={18} width={110} radius="xl" />
            </Group>
          </Stack>
          <Stack gap={8} className={classes.side}>
            <Skeleton height={12} width={90} />
            <Skeleton height={24} width={180} />
          </Stack>
        </div>
      ))}
    </Stack>
  );
}
