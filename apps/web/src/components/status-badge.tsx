import { Badge, type BadgeProps } from '@mantine/core';
import type { ApplicationStatus } from '@jobportal/shared';
import { statusView } from './application-status';

/** An application status: the same words and colour on every screen. */
export function StatusBadge({ status, size = 'sm' }: { status: ApplicationStatus; size?: BadgeProps['size'] }) {
  const view = statusView[status];
  return (
    <Badge color={view.color} variant="light" size={size} tt="none">
      {view.label}
    </Badge>
  );
}
