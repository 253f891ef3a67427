import { useState } from 'react';
import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { describeError, fieldError } from '../../../lib/api/api-error';
import { useGetTeamQuery } from '../../teams/api/teams-api';
import { useAddNoteMutation, useGetNotesQuery } from '../api/pipeline-api';
import { MentionInput } from './mention-input';
import { NoteItem } from './note-item';

/** The hiring team's private notes on one applicant (issue #50), with @mentions of teammates. */
export function NotesPanel({ applicationId, companyId }: { applicationId: number; companyId: number }) {
  const notes = useGetNotesQuery(applicationId);
  const { data: teamData } = useGetTeamQuery(companyId);
  const team = teamData?.members ?? [];
  const [add, adding] = useAddNoteMutation();
  const [body, setBody] = useState('');
  const submit = async () => {
    try {
      await add({ applicationId, body: body.trim() }).unwrap();
      setBody('');
    } catch {
      // Shown beside the field.
    }
  };
  return (
    <Stack gap="xs" component="section" aria-label="Team notes" mt="sm">
      <Title order={3} fz="sm">
        Team notes
      </Title>
      {notes.isLoading ? (
        <Skeleton height={48} radius="md" />
      ) : notes.isError ? (
        <Group gap="xs">
          <Text size="sm" c="red">
            The notes could not be loaded.
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={() => void notes.refetch()}>
            Retry
          </Button>
        </Group>
      ) : notes.data && notes.data.results.length > 0 ? (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {notes.data.results.map((note) => (
            <NoteItem key={note.id} note={note} team={team} />
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          No notes yet. Write what the team should know about this applicant.
        </Text>
      )}
      <MentionInput
        label="Add a note"
        value={body}
        onChange={setBody}
        team={team}
        error={adding.isError ? (fieldError(adding.error, 'body') ?? describeError(adding.error)) : undefined}
      />
      <Group>
        <Button size="xs" onClick={() => void submit()} loading={adding.isLoading} disabled={!body.trim()}>
          Add note
        </Button>
      </Group>
    </Stack>
  );
}
