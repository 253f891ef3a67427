import { useState } from 'react';
import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { applicationStatuses, isApplicationStatus, type ApplicationStatus } from '@jobportal/shared/vocabulary';
import { statusView } from '../../../components/application-status';
import { describeError } from '../../../lib/api/api-error';
import { notify } from '../../../lib/notify';
import { useActOnApplicantsMutation } from '../api/pipeline-api';
import { BulkRefusals } from './bulk-refusals';
import { RejectModal } from './reject-modal';

/** Forward moves (a rejection goes with a message; withdrawing is the job seeker's). */
const moveTargets = applicationStatuses.filter((s) => s !== 'applied' && s !== 'rejected' && s !== 'withdrawn');

function download(csv: string, name: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Acts on the selected applicants of a job at once (issue #50): move to a status, reject with a
 * template, export as CSV. The server applies all or nothing; a refusal lists each reason. The list
 * view shows it; the board can too (it takes only the ids and the job).
 */
export function BulkActionBar({
  job,
  selectedIds,
  names,
  onDone,
}: {
  job: { id: number; title: string; companyId: number };
  selectedIds: number[];
  /** Applicants' names by application id, for the refusals and the preview. */
  names?: Readonly<Record<number, string>>;
  /** After a move or rejection went through (e.g. clear the selection). */
  onDone?: () => void;
}) {
  const [target, setTarget] = useState<ApplicationStatus | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [act, state] = useActOnApplicantsMutation();
  const count = selectedIds.length;
  if (count === 0) return null;
  const move = async () => {
    if (!target) return;
    try {
      await act({ jobId: job.id, ids: selectedIds, action: 'move', status: target }).unwrap();
      notify({ color: 'teal', message: `${count} moved to ${statusView[target].label}.` });
      setTarget(null);
      onDone?.();
    } catch {
      // Listed below the bar.
    }
  };
  const exportCsv = async () => {
    try {
      const result = await act({ jobId: job.id, ids: selectedIds, action: 'export' }).unwrap();
      download(result.csv ?? '', `applicants-${job.id}.csv`);
    } catch (e) {
      notify({ color: 'red', message: describeError(e) });
    }
  };
  return (
    <Paper withBorder p="sm" radius="md" role="region" aria-label="Act on the selected applicants">
      <Stack gap="xs">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Text size="sm" fw={600} aria-live="polite">
            {count} selected
          </Text>
          <Select
            size="xs"
            w={190}
            label="Move to"
            placeholder="Choose a status"
            data={moveTargets.map((s) => ({ value: s, label: statusView[s].label }))}
            value={target}
            onChange={(v) => setTarget(isApplicationStatus(v) ? v : null)}
            comboboxProps={{ withinPortal: true }}
          />
          <Button
            size="xs"
            onClick={() => void move()}
            disabled={!target}
            loading={state.isLoading && state.originalArgs?.action === 'move'}
          >
            Move {count}
          </Button>
          <Button size="xs" color="red" variant="light" onClick={() => setRejecting(true)}>
            Reject with a message…
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => void exportCsv()}
            loading={state.isLoading && state.originalArgs?.action === 'export'}
          >
            Export CSV
          </Button>
        </Group>
        {state.isError && state.originalArgs?.action === 'move' && <BulkRefusals error={state.error} names={names} />}
      </Stack>
      <RejectModal
        opened={rejecting}
        onClose={() => setRejecting(false)}
        job={job}
        selectedIds={selectedIds}
        names={names}
        onDone={onDone}
      />
    </Paper>
  );
}
