import { useState } from 'react';
import { Anchor, Badge, Button, Card, Group, Select, Stack, Switch, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { AlertFrequency, JobAlertOut } from '@jobportal/shared';
import { alertFrequencies, alertFrequencyLabels, alertSearchQuery } from '@jobportal/shared/vocabulary';
import { ConfirmModal } from '../../../components/confirm-modal';
import { describeError } from '../../../lib/api/api-error';
import { notify } from '../../../lib/notify';
import { useDeleteJobAlertMutation, useUpdateJobAlertMutation } from '../api/job-alerts-api';
import { AlertMatches } from './alert-matches';

/** One alert on `#/alerts`: what is new, its search, how often, pause, delete, and its matches. */
export function AlertCard({ alert, opened, onToggle }: { alert: JobAlertOut; opened: boolean; onToggle: () => void }) {
  const [update, updating] = useUpdateJobAlertMutation();
  const [remove, removing] = useDeleteJobAlertMutation();
  const [confirming, setConfirming] = useState(false);
  const query = alertSearchQuery(alert.criteria);
  const change = async (change: Parameters<typeof update>[0]['change']) => {
    try {
      await update({ id: alert.id, change }).unwrap();
    } catch (error) {
      notify({ color: 'red', message: `Could not change the alert. ${describeError(error)}` });
    }
  };
  return (
    <Card withBorder padding="md" aria-label={`Alert ${alert.name}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Text fw={600}>{alert.name}</Text>
            {alert.new_matches > 0 && (
              <Badge color="teal" variant="light">
                {alert.new_matches} new
              </Badge>
            )}
            {alert.paused && <Badge color="gray">Paused</Badge>}
          </Group>
          <Anchor component={Link} to={query ? `/?${query}` : '/'} size="sm">
            Open the search
          </Anchor>
        </Group>
        <Text size="sm" c="dimmed">
          {alert.total_matches} {alert.total_matches === 1 ? 'job' : 'jobs'} so far ·{' '}
          {[alert.in_app && 'in the app', alert.email && 'by e-mail'].filter(Boolean).join(' and ')}
        </Text>
        <Group gap="md" wrap="wrap">
          <Select
            aria-label={`How often for ${alert.name}`}
            size="xs"
            w={120}
            value={alert.frequency}
            data={alertFrequencies.map((value) => ({ value, label: alertFrequencyLabels[value] }))}
            onChange={(value) => value && void change({ frequency: value as AlertFrequency })}
            disabled={updating.isLoading}
          />
          <Switch label="By e-mail" checked={alert.email} onChange={(e) => void change({ email: e.currentTarget.checked })} />
          <Switch label="Paused" checked={alert.paused} onChange={(e) => void change({ paused: e.currentTarget.checked })} />
          <Button size="xs" variant="default" onClick={onToggle} aria-expanded={opened}>
            {opened ? 'Hide matches' : 'Matches'}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => setConfirming(true)}>
            Delete
          </Button>
        </Group>
        {opened && <AlertMatches alertId={alert.id} />}
      </Stack>
      <ConfirmModal
        opened={confirming}
        title="Delete this alert?"
        confirmLabel="Delete"
        isWorking={removing.isLoading}
        error={removing.error ? describeError(removing.error) : null}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          void remove(alert.id)
            .unwrap()
            .then(
              () => setConfirming(false),
              () => undefined,
            )
        }
      >
        {`“${alert.name}” stops telling you of new jobs.`}
      </ConfirmModal>
    </Card>
  );
}
