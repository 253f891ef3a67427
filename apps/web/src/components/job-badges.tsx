import { Badge, Tooltip } from '@mantine/core';
import type { JobOut } from '@jobportal/shared';
import { jobStatusLabels, notPublicReasonLabels } from '@jobportal/shared/vocabulary';

/** Open or closed: one colour each, everywhere. */
export function JobStatusBadge({ status }: { status: JobOut['status'] }) {
  return (
    <Badge variant="light" color={status === 'open' ? 'teal' : 'gray'}>
      {jobStatusLabels[status]}
    </Badge>
  );
}

/** Public, or not public and why (closed, deadline passed, company awaiting approval). */
export function JobVisibilityBadge({ job }: { job: Pick<JobOut, 'is_public' | 'not_public_reason'> }) {
  if (job.is_public || !job.not_public_reason) {
    return (
      <Badge variant="dot" color="blue">
        Public
      </Badge>
    );
  }
  const reason = notPublicReasonLabels[job.not_public_reason];
  // A closed job's status badge already says why.
  const label = job.not_public_reason === 'closed' ? 'Not public' : `Not public: ${reason.short}`;
  return (
    <Tooltip label={reason.long} multiline w={260} events={{ hover: true, focus: true, touch: true }}>
      <Badge variant="dot" color="orange" tabIndex={0} style={{ cursor: 'help' }}>
        {label}
      </Badge>
    </Tooltip>
  );
}
