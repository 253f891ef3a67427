import { Text } from '@mantine/core';
import { applicationStatuses } from '@jobportal/shared/vocabulary';
import type { StatusCounts } from '@jobportal/shared';
import { statusView } from '../../../components/application-status';
import { BarList } from './bar-list';

/** Applications by status, in the statuses' order and colours; statuses with none are left out. */
export function StatusBars({ counts, emptyText }: { counts: StatusCounts; emptyText: string }) {
  const bars = applicationStatuses
    .filter((status) => (counts[status] ?? 0) > 0)
    .map((status) => ({ key: status, label: statusView[status].label, value: counts[status] ?? 0, color: statusView[status].color }));
  if (bars.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  return <BarList bars={bars} label="Applications by status" />;
}
