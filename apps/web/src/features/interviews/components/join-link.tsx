import { Anchor } from '@mantine/core';
import type { InterviewOut } from '@jobportal/shared';

/** " · Join link" after an interview's place, for a video interview that has a meeting link. */
export function JoinLink({ interview }: { interview: Pick<InterviewOut, 'mode' | 'meeting_link'> }) {
  if (interview.mode !== 'video' || !interview.meeting_link) return null;
  return (
    <>
      {' · '}
      <Anchor href={interview.meeting_link} target="_blank" rel="noopener noreferrer" size="sm" underline="always">
        Join link
      </Anchor>
    </>
  );
}
