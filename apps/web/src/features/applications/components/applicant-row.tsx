import { useState } from 'react';
import { Anchor, Button, Card, Checkbox, Collapse, Group, Select, Stack, Text } from '@mantine/core';
import type { ApplicantOut, ApplicationStatus, JobOut } from '@jobportal/shared';
import { isApplicationStatus, isOpenStatus } from '@jobportal/shared/vocabulary';
import { Link } from 'react-router';
import { statusView } from '../../../components/application-status';
import { FileDownloadButton } from '../../../components/file-download-button';
import { CalendarIcon } from '../../../components/more-icons';
import { StatusBadge } from '../../../components/status-badge';
import { describeError } from '../../../lib/api/api-error';
import { formatDateTime, formatRecent } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useChangeApplicationStatusMutation } from '../api/applications-api';
import classes from '../screens/applications.module.css';
import { ApplicantPhoto } from './applicant-photo';
import { MessageButton } from './message-button';
import { useFeatureParts } from '../../../lib/feature-parts';
import type { BoardSelection } from '../board/use-board-selection';

/** Moves offered: only the statuses the server allows now, so a bad move is never offered. */
export function StatusChanger({ item, jobId }: { item: ApplicantOut; jobId: number }) {
  const [change, { isLoading }] = useChangeApplicationStatusMutation();
  const [error, setError] = useState<string | null>(null);
  if (item.allowed_statuses.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        Final: no further moves.
      </Text>
    );
  }
  const move = async (status: ApplicationStatus) => {
    setError(null);
    try {
      await change({ applicationId: item.id, jobId, status }).unwrap();
      notify({ color: 'teal', message: `${item.applicant.full_name}: ${statusView[status].label}.` });
    } catch (e) {
      setError(describeError(e));
    }
  };
  return (
    <Stack gap={4}>
      <Select
        size="xs"
        w={200}
        label="Move to"
        placeholder="Choose a status"
        aria-label={`Move ${item.applicant.full_name} to`}
        data={item.allowed_statuses.map((status) => ({ value: status, label: statusView[status].label }))}
        value={null}
        onChange={(value) => {
          if (isApplicationStatus(value)) void move(value);
        }}
        disabled={isLoading}
        comboboxProps={{ withinPortal: true }}
      />
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

interface RowProps {
  item: ApplicantOut;
  jobId: number;
  job: JobOut | undefined;
  selection: BoardSelection;
  /** Opened from a link (a note's mention): `?applicant=<id>`. */
  isOpenAtFirst: boolean;
}

/** One applicant in the list view: who, when, the moves allowed, the ways to reach them, the team's notes. */
export function ApplicantRow({ item, jobId, job, selection, isOpenAtFirst }: RowProps) {
  const jobTitle = job?.title;
  const { NotesPanel, ApplicationTimeline } = useFeatureParts();
  const [open, setOpen] = useState(isOpenAtFirst);
  const detailsId = `applicant-${item.id}-details`;
  return (
    <Card component="li" className={classes.row}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Checkbox
          mt={14}
          checked={selection.isSelected(item.id)}
          onChange={() => selection.toggle(item.id)}
          aria-label={`Select ${item.applicant.full_name}`}
        />
        <ApplicantPhoto applicant={item.applicant} />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Anchor component={Link} to={`/jobseekerprofile/${item.applicant.id}`} fw={600} className={classes.title}>
              {item.applicant.full_name}
            </Anchor>
            <StatusBadge status={item.status} />
          </Group>
          <Text size="sm">{item.applicant.current_job_title ?? 'No current title given'}</Text>
          <Text size="xs" c="dimmed" title={formatDateTime(item.applied_at)}>
            Applied {formatRecent(item.applied_at)} · {item.applicant.email}
            {item.last_moved_by && ` · Last moved by ${item.last_moved_by.full_name}`}
          </Text>
          <Group gap="sm" mt="xs" align="flex-end" wrap="wrap">
            <StatusChanger item={item} jobId={jobId} />
            {isOpenStatus(item.status) && (
              <Button
                size="xs"
                component={Link}
                to={`/schedule-interview/${item.id}`}
                state={{ applicantName: item.applicant.full_name, jobTitle, jobId, jobseekerTimeZone: item.applicant.time_zone }}
                leftSection={<CalendarIcon size={14} />}
              >
                Schedule interview
              </Button>
            )}
            <MessageButton jobseekerId={item.applicant.id} jobId={jobId} label={`Message ${item.applicant.full_name}`} />
            {item.resume ? (
              <FileDownloadButton file={item.resume} />
            ) : (
              <Text size="xs" c="dimmed">
                No resume
              </Text>
            )}
            <Button size="xs" variant="subtle" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={detailsId}>
              {open ? 'Hide details' : 'Cover letter, timeline and notes'}
            </Button>
          </Group>
          <Collapse expanded={open} id={detailsId}>
            <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-line' }}>
              {item.cover_letter.trim() || 'No cover letter.'}
            </Text>
            {open && <ApplicationTimeline applicationId={item.id} />}
            {open && job && <NotesPanel applicationId={item.id} companyId={job.company.id} />}
          </Collapse>
        </Stack>
      </Group>
    </Card>
  );
}
