import { lazy, Suspense, useState } from 'react';
import { Anchor, Button, Skeleton, Stack, Text } from '@mantine/core';
import type { JobOut } from '@jobportal/shared';
import { Link } from 'react-router';
import { useFeatureParts } from '../../../lib/feature-parts';
import { StatusBadge } from '../../../components/status-badge';
import { useCheckApplicationStatusQuery, useGetMyApplicationsQuery } from '../../applications/api/applications-api';
import { formatDate } from '../../../lib/format';

// The form's code (and the modal CSS) loads when it is first opened.
const ApplyModal = lazy(async () => ({ default: (await import('./apply-modal')).ApplyModal }));

/** A signed-in job seeker's actions on a job: apply (or where the application stands) and save. */
export function JobseekerJobActions({ job, layout }: { job: JobOut; layout: 'aside' | 'bar' }) {
  const { SaveJobButton } = useFeatureParts();
  const { data: check, isLoading } = useCheckApplicationStatusQuery(job.id);
  // The applied date: the application itself, from the first page of the own list when it is there.
  const { data: mine } = useGetMyApplicationsQuery({ page: 1 }, { skip: !check?.hasApplied });
  const [opened, setOpened] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const isBar = layout === 'bar';
  const application = mine?.results.find((a) => a.id === check?.application_id);

  if (isLoading) return <Skeleton height={36} style={isBar ? { flex: 1 } : undefined} />;

  if (check?.hasApplied && check.status) {
    const applied = (
      <Text size="sm" component="div">
        {application ? `Applied on ${formatDate(application.applied_at)}` : 'Applied'} · <StatusBadge status={check.status} />
      </Text>
    );
    return isBar ? (
      <>
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          {applied}
          <Anchor component={Link} to="/jobseekerapplications" size="xs">
            Your applications
          </Anchor>
        </Stack>
        <SaveJobButton jobId={job.id} jobTitle={job.title} />
      </>
    ) : (
      <>
        {applied}
        <Button component={Link} to="/jobseekerapplications" variant="light" fullWidth>
          Your applications
        </Button>
        <SaveJobButton jobId={job.id} jobTitle={job.title} variant="button" fullWidth />
      </>
    );
  }

  const open = () => {
    setEverOpened(true);
    setOpened(true);
  };
  return (
    <>
      <Button onClick={open} fullWidth={!isBar} style={isBar ? { flex: 1 } : undefined}>
        Apply
      </Button>
      {isBar ? (
        <SaveJobButton jobId={job.id} jobTitle={job.title} />
      ) : (
        <SaveJobButton jobId={job.id} jobTitle={job.title} variant="button" fullWidth />
      )}
      {everOpened && (
        <Suspense fallback={null}>
          <ApplyModal
            opened={opened}
            onClose={() => setOpened(false)}
            job={{ id: job.id, title: job.title, companyName: job.company.name }}
          />
        </Suspense>
      )}
    </>
  );
}
