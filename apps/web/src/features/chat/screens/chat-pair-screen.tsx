import { useEffect } from 'react';
import { Anchor, Card, Loader, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { Page } from '../../../components/page';
import { usePageTitle } from '../../../components/use-page-title';
import { describeError } from '../../../lib/api/api-error';
import { useSession } from '../../../lib/session/use-session';
import { useGetOrCreateChatRoomMutation } from '../api/chat-api';
import { chatBase } from '../components/chat-format';

/**
 * `#/chat/{jobseekerId}/{employerId}`: the pair's conversation for either of the two (the intended
 * rule; the earlier product always redirected). Anyone else meets the server's 404.
 */
export function ChatPairScreen() {
  usePageTitle('Conversation');
  const { jobseekerId, employerId } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const [open, { error, isError }] = useGetOrCreateChatRoomMutation();
  const seeker = Number(jobseekerId);
  const employer = Number(employerId);
  const isValid = Number.isInteger(seeker) && seeker > 0 && Number.isInteger(employer) && employer > 0;

  useEffect(() => {
    if (!isValid) return;
    void open({ jobseeker_id: seeker, employer_id: employer })
      .unwrap()
      .then((room) => navigate(`${chatBase(session.role)}/${room.id}`, { replace: true }))
      .catch(() => undefined);
  }, [employer, isValid, navigate, open, seeker, session.role]);

  return (
    <Page size="md">
      <Card withBorder radius="md" p="xl">
        {!isValid || isError ? (
          <Stack align="center" gap="xs">
            <Text fw={600}>This conversation is not available</Text>
            {isError && (error as { status?: number }).status !== 404 && <Text size="sm">{describeError(error)}</Text>}
            <Anchor component={Link} to={chatBase(session.role)}>
              See your conversations
            </Anchor>
          </Stack>
        ) : (
          <Stack align="center">
            <Loader size="sm" />
            <Text c="dimmed">Opening the conversation…</Text>
          </Stack>
        )}
      </Card>
    </Page>
  );
}
