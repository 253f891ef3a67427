import { Button, Group } from '@mantine/core';
import type { FilterChip } from '../search-state';

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
      focusable="false"
    >
      <path d="M6 6l12 12M18 6 6 18" />
    </svg>
  );
}

/** The active filters, each removable with one click; "Clear all" when there are several. */
export function FilterChips({
  chips,
  onRemove,
  onClearAll,
}: {
  chips: FilterChip[];
  onRemove: (chip: FilterChip) => void;
  onClearAll: () => void;
}) {
  if (chips.length === 0) return null;
  return (
    <Group gap={6} component="ul" aria-label="Active filters" m={0} p={0} style={{ listStyle: 'none' }}>
      {chips.map((chip) => (
        <li key={chip.key}>
          <Button
            size="compact-sm"
            variant="light"
            radius="xl"
            rightSection={<CrossIcon />}
            onClick={() => onRemove(chip)}
            aria-label={`Remove filter: ${chip.label}`}
          >
            {chip.label}
          </Button>
        </li>
      ))}
      {chips.length > 1 && (
        <li>
          <Button size="compact-sm" variant="subtle" color="gray" radius="xl" onClick={onClearAll}>
            Clear all
          </Button>
        </li>
      )}
    </Group>
  );
}
