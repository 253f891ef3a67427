import { useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { NoteOut } from '@jobportal/shared';
import { describeError, fieldError } from '../../../lib/api/api-error';
import { formatDateTime, formatRecent } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useDeleteNoteMutation, useEditNoteMutation } from '../api/pipeline-api';
import { MentionInput } from './mention-input';

/** One team note: its author and time; the author may edit or delete it. */
export function NoteItem({ note, team }: { note: NoteOut; team: ReadonlyArray<{ id: number; full_name: string }> }) {
  const [editing, setEditing] = useState<string | null>(null);
  const [edit, editState] = useEditNoteMutation();
  const [remove, removeState] = useDeleteNoteMutation();
  const save = async () => {
    if (editing === null) return;
    try {
      await edit({ id: note.id, applicationId: note.application, body: editing.trim() }).unwrap();
      setEditing(null);
    } catch {
      // Shown beside the field.
    }
  };
  const del = async () => {
    try {
      await remove({ id: note.id, applicationId: note.application }).unwrap();
    } catch (e) {
      notify({ color: 'red', message: describeError(e) });
    }
  };
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            {note.author?.full_name ?? 'A former teammate'}
          </Text>
          <Text size="xs" c="dimmed" title={formatDateTime(note.created_at)}>
            {formatRecent(note.created_at)}
            {note.updated_at !== note.created_at ? ' · edited' : ''}
          </Text>
        </Group>
        {editing === null ? (
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {note.body}
          </Text>
        ) : (
          <MentionInput
            label="Edit the note"
            value={editing}
            onChange={setEditing}
            team={team}
            error={editState.isError ? (fieldError(editState.error, 'body') ?? describeError(editState.error)) : undefined}
          />
        )}
        {note.is_mine && (
          <Group gap="xs">
            {editing === null ? (
              <>
                <Button size="compact-xs" variant="subtle" onClick={() => setEditing(note.body)}>
                  Edit
                </Button>
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => void del()} loading={removeState.isLoading}>
                  Delete
                </Button>
              </>
            ) : (
              <>
                <Button size="compact-xs" onClick={() => void save()} loading={editState.isLoading} disabled={!editing.trim()}>
                  Save
                </Button>
                <Button size="compact-xs" variant="subtle" onClick={() => setEditing(null)}>
                  Cancel
                </Button>
              </>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
