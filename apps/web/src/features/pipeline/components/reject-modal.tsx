import { useState } from 'react';
import { Button, Group, Modal, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { fillTemplate, type BulkChannel } from '@jobportal/shared/vocabulary';
import { fieldError } from '../../../lib/api/api-error';
import { notify } from '../../../lib/notify';
import { useActOnApplicantsMutation, useGetTemplatesQuery } from '../api/pipeline-api';
import { BulkRefusals } from './bulk-refusals';

const written = 'written';

/** Rejects the selected applicants with one of the company's templates or a message written here, sent by chat and/or e-mail. */
export function RejectModal({
  opened,
  onClose,
  job,
  selectedIds,
  names,
  onDone,
}: {
  opened: boolean;
  onClose: () => void;
  job: { id: number; title: string; companyId: number };
  selectedIds: number[];
  names?: Readonly<Record<number, string>>;
  onDone?: () => void;
}) {
  const { data } = useGetTemplatesQuery(job.companyId, { skip: !opened });
  const templates = data?.results ?? [];
  const [choice, setChoice] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [channel, setChannel] = useState<BulkChannel>('chat');
  const [act, state] = useActOnApplicantsMutation();
  const template = templates.find((t) => String(t.id) === choice);
  const text = choice === written ? message : (template?.body ?? '');
  const firstName = (names?.[selectedIds[0]!] ?? 'Alex').split(' ')[0]!;
  const reject = async () => {
    try {
      await act({
        jobId: job.id,
        ids: selectedIds,
        action: 'reject',
        channel,
        ...(choice === written ? { message } : { template: template!.id }),
      }).unwrap();
      notify({ color: 'teal', message: `${selectedIds.length} rejected; each was sent the message.` });
      onDone?.();
      onClose();
    } catch {
      // Shown in the dialog.
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={650}>Reject {selectedIds.length} with a message</Text>} centered size="lg">
      <Stack gap="sm">
        <Select
          label="Message"
          placeholder="Choose a template"
          data={[...templates.map((t) => ({ value: String(t.id), label: t.name })), { value: written, label: 'Write a message…' }]}
          value={choice}
          onChange={setChoice}
          comboboxProps={{ withinPortal: true }}
          error={fieldError(state.error, 'template')}
        />
        {choice === written && (
          <Textarea
            label="Your message"
            description="{first_name} and {job_title} are filled in for each applicant."
            autosize
            minRows={3}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            error={fieldError(state.error, 'message')}
          />
        )}
        {text && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
            <b>Preview:</b> {fillTemplate(text, { first_name: firstName, job_title: job.title })}
          </Text>
        )}
        <div>
          <Text size="sm" fw={500} id="reject-channel">
            Send by
          </Text>
          <SegmentedControl
            aria-labelledby="reject-channel"
            value={channel}
            onChange={(v) => setChannel(v as BulkChannel)}
            data={[
              { value: 'chat', label: 'Chat' },
              { value: 'email', label: 'E-mail' },
              { value: 'both', label: 'Both' },
            ]}
          />
        </div>
        {state.isError && <BulkRefusals error={state.error} names={names} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={state.isLoading}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void reject()} loading={state.isLoading} disabled={!text.trim()}>
            Reject {selectedIds.length}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
