import { ActionIcon, Button } from '@mantine/core';
import { notify } from '../../../lib/notify';
import { describeError } from '../../../lib/api/api-error';
import { useGetSavedJobIdsQuery, useSaveJobMutation, useUnsaveJobMutation } from '../api/saved-jobs-api';
import { BookmarkIcon } from '../../../components/more-icons';

/**
 * Save / unsave a job (signed-in job seekers only: the caller decides). The state comes from
 * GET /api/saved-jobs/ids/ and turns at once; a failure turns it back and says why.
 */
export function SaveJobButton({
  jobId,
  jobTitle,
  variant = 'icon',
  fullWidth,
}: {
  jobId: number;
  jobTitle: string;
  variant?: 'icon' | 'button';
  fullWidth?: boolean;
}) {
  const { data: ids, isLoading } = useGetSavedJobIdsQuery();
  const [save, saving] = useSaveJobMutation();
  const [unsave, unsaving] = useUnsaveJobMutation();
  const isSaved = ids?.includes(jobId) ?? false;
  const isWorking = saving.isLoading || unsaving.isLoading;

  const toggle = async () => {
    try {
      if (isSaved) await unsave({ jobId }).unwrap();
      else await save(jobId).unwrap();
    } catch (error) {
      notify({ color: 'red', message: `${isSaved ? 'Could not unsave' : 'Could not save'} the job. ${describeError(error)}` });
    }
  };

  if (variant === 'button') {
    return (
      <Button
        variant={isSaved ? 'light' : 'default'}
        leftSection={<BookmarkIcon size={16} filled={isSaved} />}
        onClick={() => void toggle()}
        disabled={isLoading || isWorking}
        aria-pressed={isSaved}
        fullWidth={fullWidth}
      >
        {isSaved ? 'Saved' : 'Save'}
      </Button>
    );
  }
  const label = isSaved ? `Unsave ${jobTitle}` : `Save ${jobTitle}`;
  return (
    <ActionIcon
      variant={isSaved ? 'light' : 'subtle'}
      color={isSaved ? 'blue' : 'gray'}
      size="lg"
      aria-label={label}
      aria-pressed={isSaved}
      onClick={() => void toggle()}
      disabled={isLoading || isWorking}
      title={isSaved ? 'Saved' : 'Save job'}
    >
      <BookmarkIcon size={18} filled={isSaved} />
    </ActionIcon>
  );
}
