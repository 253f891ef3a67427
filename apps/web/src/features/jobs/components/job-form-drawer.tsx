import { Drawer, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notify } from '../../../lib/notify';
import { usePublicConfig } from '../../../lib/config/public-config';
import type { JobOut } from '@jobportal/shared';
import { useCreateJobMutation, useReplaceJobMutation } from '../api/jobs-api';
import { JobForm } from './job-form';
import { emptyJobForm, jobFormValuesOf, toJobInput, type JobFormValues } from './job-form-values';

interface JobFormDrawerProps {
  /** 'new' to post a job, a job to edit it, null when closed. */
  editing: JobOut | 'new' | null;
  onClose: () => void;
  /** Company approval decides whether a saved open job is public; the toast says so. */
  isCompanyApproved: boolean;
  /** What a new job pays in unless the employer picks another (the company's default currency). */
  defaultCurrency: string;
}

/** When a public job shows in job search: search answers are kept for a few minutes (the server's setting). */
export function inSearchWithin(seconds: number | undefined): string {
  if (!seconds) return 'It is public now and in job search.';
  const minutes = Math.ceil(seconds / 60);
  return `It is public now and shows in job search within ${minutes === 1 ? 'a minute' : `${minutes} minutes`}.`;
}

/** Posting and editing a job in a drawer beside the list (the whole screen on phones). */
export function JobFormDrawer({ editing, onClose, isCompanyApproved, defaultCurrency }: JobFormDrawerProps) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  const [createJob] = useCreateJobMutation();
  const [replaceJob] = useReplaceJobMutation();
  const searchDelay = usePublicConfig()?.searchDelaySeconds;
  const job = editing !== null && editing !== 'new' ? editing : undefined;

  const save = async (values: JobFormValues) => {
    const body = toJobInput(values);
    const saved = job ? await replaceJob({ id: job.id, body }).unwrap() : await createJob(body).unwrap();
    const visibility = saved.is_public
      ? inSearchWithin(searchDelay)
      : saved.not_public_reason === 'company_not_approved' && !isCompanyApproved
        ? 'It goes public once your company is approved.'
        : 'It is not public.';
    notify({
      title: job ? 'Job saved' : 'Job posted',
      message: `“${saved.title}”. ${visibility}`,
      color: 'teal',
    });
    onClose();
  };

  return (
    <Drawer
      opened={editing !== null}
      onClose={onClose}
      position="right"
      size={isPhone ? '100%' : 'xl'}
      title={
        <Text fw={650} fz="lg">
          {job ? 'Edit job' : 'Post a job'}
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Close the job form' }}
    >
      {editing !== null && (
        <JobForm
          key={job?.id ?? 'new'}
          initialValues={job ? jobFormValuesOf(job) : { ...emptyJobForm, currency: defaultCurrency }}
          job={job}
          submitLabel={job ? 'Save changes' : 'Post job'}
          onSubmit={save}
          onCancel={onClose}
        />
      )}
    </Drawer>
  );
}
