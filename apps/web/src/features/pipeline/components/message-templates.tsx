import { useState } from 'react';
import { Button, Card, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import type { TemplateOut } from '@jobportal/shared';
import { describeError, fieldError } from '../../../lib/api/api-error';
import { notify } from '../../../lib/notify';
import { useDeleteTemplateMutation, useGetTemplatesQuery, useSaveTemplateMutation } from '../api/pipeline-api';

function TemplateForm({ companyId, template, onDone }: { companyId: number; template?: TemplateOut; onDone: () => void }) {
  const [name, setName] = useState(template?.name ?? '');
  const [body, setBody] = useState(template?.body ?? '');
  const [save, state] = useSaveTemplateMutation();
  const submit = async () => {
    try {
      await save({ companyId, id: template?.id, name, body }).unwrap();
      notify({ color: 'teal', message: `Template "${name.trim()}" saved.` });
      onDone();
    } catch {
      // Shown beside the fields.
    }
  };
  return (
    <Stack gap="xs">
      <TextInput
        label="Name"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={fieldError(state.error, 'name')}
        maxLength={100}
      />
      <Textarea
        label="Message"
        description="{first_name} and {job_title} are filled in for each applicant; no other {…} is allowed."
        autosize
        minRows={3}
        value={body}
        onChange={(e) => setBody(e.currentTarget.value)}
        error={
          fieldError(state.error, 'body') ?? (state.isError && !fieldError(state.error, 'name') ? describeError(state.error) : undefined)
        }
      />
      <Group gap="xs">
        <Button size="xs" onClick={() => void submit()} loading={state.isLoading} disabled={!name.trim() || !body.trim()}>
          Save template
        </Button>
        <Button size="xs" variant="subtle" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

/** Company settings: the message templates the team rejects (or answers) applicants with (issue #50). */
export function MessageTemplates({ companyId }: { companyId: number }) {
  const { data, isLoading, isError, refetch } = useGetTemplatesQuery(companyId);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [remove] = useDeleteTemplateMutation();
  const del = async (t: TemplateOut) => {
    try {
      await remove({ companyId, id: t.id }).unwrap();
    } catch (e) {
      notify({ color: 'red', message: describeError(e) });
    }
  };
  return (
    <Card component="section" aria-labelledby="templates-heading">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="templates-heading">
            Message templates
          </Title>
          {editing === null && (
            <Button size="xs" variant="light" onClick={() => setEditing('new')}>
              New template
            </Button>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          Answers your team sends to many applicants at once, such as a kind rejection.
        </Text>
        {editing === 'new' && <TemplateForm companyId={companyId} onDone={() => setEditing(null)} />}
        {isLoading && <Text size="sm">Loading templates…</Text>}
        {isError && (
          <Group gap="xs">
            <Text size="sm" c="red">
              The templates could not be loaded.
            </Text>
            <Button size="compact-xs" variant="subtle" onClick={() => void refetch()}>
              Retry
            </Button>
          </Group>
        )}
        {data?.results.length === 0 && editing !== 'new' && (
          <Text size="sm">No templates yet. Add one to reject applicants kindly, in one go.</Text>
        )}
        {data?.results.map((t) =>
          editing === t.id ? (
            <TemplateForm key={t.id} companyId={companyId} template={t} onDone={() => setEditing(null)} />
          ) : (
            <Stack key={t.id} gap={2}>
              <Group justify="space-between" gap="xs">
                <Text fw={600} size="sm">
                  {t.name}
                </Text>
                <Group gap={4}>
                  <Button size="compact-xs" variant="subtle" onClick={() => setEditing(t.id)}>
                    Edit
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    onClick={() => void del(t)}
                    aria-label={`Delete template ${t.name}`}
                  >
                    Delete
                  </Button>
                </Group>
              </Group>
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }} lineClamp={3}>
                {t.body}
              </Text>
            </Stack>
          ),
        )}
      </Stack>
    </Card>
  );
}
