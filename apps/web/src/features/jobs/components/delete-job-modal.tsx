import { Text } from '@mantine/core';
import type { EmployerJob } from '@jobportal/shared';
import { ConfirmModal } from '../../../components/confirm-modal';
import { countOf } from '../../../lib/plural';

/** Asks before a job is deleted, saying what goes with it (and that closing keeps it). */
export function DeleteJobModal({
  job,
  onConfirm,
  onClose,
  isWorking,
  error,
}: {
  job: EmployerJob | null;
  onConfirm: () => void;
  onClose: () => void;
  isWorking: boolean;
  error: string | null;
}) {
  return (
    <ConfirmModal
      opened={job !== null}
      title={job ? `Delete “${job.title}”?` : 'Delete the job?'}
      confirmLabel="Delete job"
      onConfirm={onConfirm}
      onClose={onClose}
      isWorking={isWorking}
      error={error}
    >
      <Text size="sm">
        It disappears from search and its page goes away
        {job && job.applicants_count > 0
          ? `, and its ${job.applicants_count === 1 ? 'applicant' : countOf(job.applicants_count, 'applicant')} can no longer see it`
          : ''}
        . To stop applications but keep the job, close it instead. This cannot be undone.
      </Text>
    </ConfirmModal>
  );
}
