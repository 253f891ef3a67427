import { Text, Timeline } from '@mantine/core';
import type { ApplicationOut, SelfServiceRole } from '@jobportal/shared';
import { statusView } from '../../../components/application-status';
import { formatDateTime, formatRecent } from '../../../lib/format';

const byWho: Record<ApplicationOut['history'][number]['changed_by'], string> = {
  jobseeker: 'by you',
  employer: 'by the employer',
  admin: 'by an administrator',
  system: 'automatically',
};

/** An application's status history, oldest first. */
export function StatusHistory({ history, viewer }: { history: ApplicationOut['history']; viewer: SelfServiceRole }) {
  return (
    <Timeline active={history.length - 1} bulletSize={14} lineWidth={2} mt="xs" aria-label="Status history">
      {history.map((entry, index) => (
        <Timeline.Item
          key={`${entry.status}-${index}`}
          color={statusView[entry.status].color}
          title={
            <Text size="sm" fw={500}>
              {statusView[entry.status].label}
            </Text>
          }
        >
          <Text size="xs" c="dimmed" title={formatDateTime(entry.changed_at)}>
            {formatRecent(entry.changed_at)}{' '}
            {viewer === 'jobseeker'
              ? byWho[entry.changed_by]
              : entry.changed_by === 'jobseeker'
                ? 'by the applicant'
                : entry.changed_by === 'employer'
                  ? 'by your team'
                  : byWho[entry.changed_by]}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
