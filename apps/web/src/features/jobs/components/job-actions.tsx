import { Anchor, Button, Text } from '@mantine/core';
import { notify } from '../../../lib/notify';
import type { JobOut } from '@jobportal/shared';
import { Link, useLocation } from 'react-router';
import { LinkIcon, PencilIcon, UserIcon } from '../../../components/more-icons';
import { useSession } from '../../../lib/session/use-session';
import { JobseekerJobActions } from './jobseeker-job-actions';

/** Copies the job's real page (/jobs/{id}): what people and link previews read, and it opens this screen. */
export function useCopyLink(jobId: number) {
  return async () => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}/jobs/${jobId}`);
      notify({ message: 'Link copied.', color: 'teal' });
    } catch {
      notify({ message: 'The link could not be copied. Copy it from the address bar.', color: 'orange' });
    }
  };
}

/** What a viewer can do with the job now: job seekers apply and save; owners edit; visitors sign in. */
export function JobActions({ job, isOwner, layout }: { job: JobOut; isOwner: boolean; layout: 'aside' | 'bar' }) {
  const session = useSession();
  const { pathname } = useLocation();
  const copyLink = useCopyLink(job.id);
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
