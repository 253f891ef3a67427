import { Badge } from '@mantine/core';

/** Approved or pending: one colour each, everywhere. */
export function ApprovalBadge({ isApproved }: { isApproved: boolean }) {
  return (
    <Badge variant="light" color={isApproved ? 'teal' : 'orange'} style={{ flexShrink: 0 }}>
      {isApproved ? 'Approved' : 'Pending'}
    </Badge>
  );
}
