import { Chip, Group } from '@mantine/core';
import type { ApplicationStatus } from '@jobportal/shared';
import { applicationStatuses } from '@jobportal/shared/vocabulary';
import type { StatusCounts } from '@jobportal/shared';
import { statusView } from '../../../components/application-status';
import classes from './status-filter.module.css';

/** "All" plus one chip per status, with counts when known; on phones one row that scrolls sideways. */
export function StatusFilter({
  value,
  onChange,
  counts,
}: {
  value: ApplicationStatus | null;
  onChange: (status: ApplicationStatus | null) => void;
  counts?: StatusCounts;
}) {
  const total = counts ? Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0) : null;
  return (
    <Chip.Group multiple={false} value={value ?? 'all'} onChange={(next) => onChange(next === 'all' ? null : (next as ApplicationStatus))}>
      <Group gap={6} role="group" aria-label="Filter by status" className={classes.row}>
        <Chip value="all" size="sm" variant="outline">
          All{total !== null ? ` (${total})` : ''}
        </Chip>
        {applicationStatuses.map((status) => (
          <Chip key={status} value={status} size="sm" variant="outline" color={statusView[status].color}>
            {statusView[status].label}
            {counts ? ` (${counts[status] ?? 0})` : ''}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
