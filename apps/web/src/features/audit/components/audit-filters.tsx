import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { auditActionLabels, auditActions, auditObjectTypeLabels, auditObjectTypes } from '@jobportal/shared';
import type { ListParamChanges } from '../../../lib/list-params';
import { formatDate } from '../../../lib/format';
import { isRangeReversed, type ActorBox, type AuditFilters } from '../hooks/use-audit-filters';
import { actionLabel, objectTypeLabel } from './audit-format';

const actionOptions = auditActions.map((value) => ({ value, label: auditActionLabels[value] }));
const objectTypeOptions = auditObjectTypes.map((value) => ({ value, label: auditObjectTypeLabels[value] }));

interface FilterProps {
  filters: AuditFilters;
  actorBox: ActorBox;
  update: (changes: ListParamChanges) => void;
}

/** The filter fields: in a row on wide screens, stacked in the drawer on phones. */
export function AuditFilterFields({ filters, actorBox, update, cols }: FilterProps & { cols: Record<string, number> }) {
  return (
    <SimpleGrid cols={cols} spacing="sm" verticalSpacing="sm">
      <Select
        label="Action"
        placeholder="Any action"
        data={actionOptions}
        value={filters.action ?? null}
        onChange={(value) => update({ action: value })}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label="Object"
        placeholder="Any object"
        data={objectTypeOptions}
        value={filters.objectType ?? null}
        // A new kind of object makes its id meaningless.
        onChange={(value) => update({ object_type: value, object_id: null })}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput
        label="Who"
        placeholder="User id or e-mail"
        value={actorBox.value}
        onChange={(event) => actorBox.onChange(event.currentTarget.value)}
        error={actorBox.error}
        inputMode="email"
        autoComplete="off"
      />
      <TextInput
        type="date"
        label="From"
        value={filters.since ?? ''}
        max={filters.until}
        onChange={(event) => update({ since: event.currentTarget.value || null })}
      />
      <TextInput
        type="date"
        label="To"
        value={filters.until ?? ''}
        min={filters.since}
        onChange={(event) => update({ until: event.currentTarget.value || null })}
        error={isRangeReversed(filters) ? 'The end comes before the start.' : undefined}
      />
    </SimpleGrid>
  );
}

interface Chip {
  key: string;
  label: string;
  clears: ListParamChanges;
}

function chipsOf(filters: AuditFilters): Chip[] {
  const chips: Chip[] = [];
  if (filters.action) chips.push({ key: 'action', label: actionLabel(filters.action), clears: { action: null } });
  if (filters.objectType || filters.objectId) {
    const type = filters.objectType ? objectTypeLabel(filters.objectType) : 'Object';
    chips.push({
      key: 'object',
      label: filters.objectId ? `${type} #${filters.objectId}` : `Object: ${type}`,
      clears: { object_type: null, object_id: null },
    });
  }
  if (filters.actor) chips.push({ key: 'actor', label: `By user #${filters.actor}`, clears: { actor: null } });
  if (filters.actorEmail) chips.push({ key: 'actor_email', label: `By ${filters.actorEmail}`, clears: { actor_email: null } });
  if (filters.since) chips.push({ key: 'since', label: `From ${formatDate(`${filters.since}T00:00:00`)}`, clears: { since: null } });
  if (filters.until) chips.push({ key: 'until', label: `To ${formatDate(`${filters.until}T00:00:00`)}`, clears: { until: null } });
  return chips;
}

export const activeFilterCount = (filters: AuditFilters) => chipsOf(filters).length;

function CrossIcon() {
  return (
    <svg
      width={12}
      height={12}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.4}
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d="M6 6l12 12M18 6 6 18" />
    </svg>
  );
}

/** The active filters, each removable with one click; "Clear all" when there are several. */
export function AuditFilterChips({ filters, actorBox, update, onClearAll }: FilterProps & { onClearAll: () => void }) {
  const chips = chipsOf(filters);
  if (!chips.length) return null;
  return (
    <Group gap={6} component="ul" aria-label="Active filters" m={0} p={0} style={{ listStyle: 'none' }}>
      {chips.map((chip) => (
        <li key={chip.key}>
          <Button
            size="compact-sm"
            variant="light"
            radius="xl"
            rightSection={<CrossIcon />}
            aria-label={`Remove filter: ${chip.label}`}
            onClick={() => {
              if (chip.key === 'actor' || chip.key === 'actor_email') actorBox.clear();
              update(chip.clears);
            }}
          >
            {chip.label}
          </Button>
        </li>
      ))}
      {chips.length > 1 && (
        <li>
          <Button size="compact-sm" variant="subtle" color="gray" onClick={onClearAll}>
            Clear all
          </Button>
        </li>
      )}
    </Group>
  );
}
