import { Fragment } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Anchor, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { auditActionText, type AuditEntry } from '@jobportal/shared';
import { StatusBadge } from '../../../components/status-badge';
import { FilterIcon } from '../../../components/more-icons';
import { isApplicationStatus } from '@jobportal/shared/vocabulary';
import { formatDateTime, formatRecent } from '../../../lib/format';
import { changesOf, fieldLabel, objectLink, objectText, valueText, type AuditChange } from './audit-format';

/** What a row offers: narrowing the list to the entry's actor or object. */
export interface AuditRowActions {
  onActor: (actor: NonNullable<AuditEntry['actor']>) => void;
  onObject: (entry: AuditEntry) => void;
}

const week = 7 * 24 * 3600 * 1000;

/** Relative within a week ("3 hours ago"), the date and time before that; the exact time on hover. */
function When({ at }: { at: string }) {
  const isRecent = Math.abs(Date.now() - Date.parse(at)) < week;
  return (
    <Text component="time" dateTime={at} title={formatDateTime(at)} size="sm" style={{ whiteSpace: 'nowrap' }}>
      {isRecent ? formatRecent(at) : formatDateTime(at)}
    </Text>
  );
}

function Who({ entry, onActor }: { entry: AuditEntry } & Pick<AuditRowActions, 'onActor'>) {
  const { actor } = entry;
  if (!actor) {
    return (
      <Text size="sm" c="dimmed">
        System
      </Text>
    );
  }
  const name = actor.full_name || `User ${actor.id}`;
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Anchor
        component="button"
        type="button"
        size="sm"
        ta="left"
        c="var(--mantine-color-text)"
        fw={500}
        onClick={() => onActor(actor)}
        aria-label={`Show only changes by ${name}`}
      >
        {name}
      </Anchor>
      <Text size="xs" c="dimmed" truncate>
        {actor.email || `user #${actor.id}`}
      </Text>
    </Stack>
  );
}

function ObjectCell({ entry, onObject }: { entry: AuditEntry } & Pick<AuditRowActions, 'onObject'>) {
  const label = objectText(entry);
  const link = objectLink(entry);
  return (
    <Group gap={4} wrap="nowrap">
      {link ? (
        <Anchor component={Link} to={link} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {label}
        </Anchor>
      ) : (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {label}
        </Text>
      )}
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        onClick={() => onObject(entry)}
        aria-label={`Show only changes to ${label}`}
        title="Only this object"
      >
        <FilterIcon size={14} />
      </ActionIcon>
    </Group>
  );
}

function Value({ entry, change, side }: { entry: AuditEntry; change: AuditChange; side: 'before' | 'after' }) {
  const value = change[side];
  if (change.key === 'status' && entry.object_type === 'application' && isApplicationStatus(value)) return <StatusBadge status={value} />;
  const isGone = side === 'before' && change.after === undefined;
  return (
    <Text
      span
      size="sm"
      fw={side === 'after' ? 600 : 400}
      c={side === 'before' ? 'dimmed' : undefined}
      td={isGone ? 'line-through' : undefined}
    >
      {valueText(change.key, value, entry)}
    </Text>
  );
}

/** Before → after, one line per changed field: `Status Applied → Reviewed`, `Name “Old” → “New”`. */
export function ChangeSummary({ entry }: { entry: AuditEntry }) {
  const changes = changesOf(entry);
  if (!changes.length) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      {changes.map((change) => (
        <Group key={change.key} gap={6} wrap="wrap" align="center">
          <Text span size="xs" c="dimmed" fw={600}>
            {fieldLabel(change.key, entry)}
          </Text>
          {change.before !== undefined && <Value entry={entry} change={change} side="before" />}
          {change.before !== undefined && change.after !== undefined && (
            <Fragment>
              <Text span size="sm" c="dimmed" aria-hidden="true">
                →
              </Text>
              <VisuallyHidden>to</VisuallyHidden>
            </Fragment>
          )}
          {change.after !== undefined && <Value entry={entry} change={change} side="after" />}
        </Group>
      ))}
    </Stack>
  );
}

function ActionText({ entry }: { entry: AuditEntry }) {
  return (
    <Text size="sm" fw={500} title={entry.request_id ? `Request ${entry.request_id}` : undefined}>
      {auditActionText(entry)}
    </Text>
  );
}

export function AuditTable({ entries, ...actions }: { entries: AuditEntry[] } & AuditRowActions) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Object</Table.Th>
            <Table.Th>Change</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>
                <When at={entry.at} />
              </Table.Td>
              <Table.Td maw={220}>
                <Who entry={entry} onActor={actions.onActor} />
              </Table.Td>
              <Table.Td>
                <ActionText entry={entry} />
              </Table.Td>
              <Table.Td>
                <ObjectCell entry={entry} onObject={actions.onObject} />
              </Table.Td>
              <Table.Td>
                <ChangeSummary entry={entry} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The same entries stacked, for phones. */
export function AuditList({ entries, ...actions }: { entries: AuditEntry[] } & AuditRowActions) {
  return (
    <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {entries.map((entry) => (
        <Stack component="li" key={entry.id} gap={6} px="md" py="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <ActionText entry={entry} />
            <When at={entry.at} />
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Who entry={entry} onActor={actions.onActor} />
            <ObjectCell entry={entry} onObject={actions.onObject} />
          </Group>
          <ChangeSummary entry={entry} />
        </Stack>
      ))}
    </Stack>
  );
}

export function AuditSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <Stack gap={0} aria-busy="true" aria-label="Loading audit entries">
      {Array.from({ length: rows }, (_, index) => (
        <Group key={index} px="md" py="sm" gap="lg" wrap="nowrap" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Skeleton height={12} width={80} />
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton height={12} width="45%" />
            <Skeleton height={10} width="30%" />
          </Stack>
          <Skeleton height={12} width={120} visibleFrom="sm" />
          <Skeleton height={18} width={140} radius="xl" visibleFrom="sm" />
        </Group>
      ))}
    </Stack>
  );
}
