import { Button } from '@mantine/core';
import { notify } from '../../../lib/notify';
import { useNavigate } from 'react-router';
import { describeError } from '../../../lib/api/api-error';
import { useSession } from '../../../lib/session/use-session';
import { useOpenChatRoomMutation } from '../../chat/api/chat-api';

/**
 * "Message": opens the conversation of the job seeker and the company about an application (the
 * employer from an applicant, the job seeker from their application); an existing one is reused.
 */
export function MessageButton({ jobseekerId, jobId, label }: { jobseekerId: number; jobId: number; label: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const [open, { isLoading }] = useOpenChatRoomMutation();
  const isEmployer = session.role === 'employer';
  const onClick = async () => {
    try {
      const room = await open({
        jobseeker_id: jobseekerId,
        job_id: jobId,
        ...(isEmployer && session.userid ? { employer_id: session.userid } : {}),
      }).unwrap();
      void navigate(`${isEmployer ? '/employer/chat' : '/chat'}/${room.id}`);
    } catch (error) {
      notify({ color: 'red', message: describeError(error) });
    }
  };
  return (
    <Button
      size={isEmployer ? 'xs' : 'compact-sm'}
      variant={isEmployer ? 'light' : 'subtle'}
      loading={isLoading}
      onClick={() => void onClick()}
      aria-label={label}
    >
      Message
    </Button>
  );
}
