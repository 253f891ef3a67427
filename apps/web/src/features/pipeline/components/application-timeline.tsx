import { Button, Group, Skeleton, Text, Timeline } from '@mantine/core';
import { formatDateTime, formatRecent } from '../../../lib/format';
import { useGetTimelineQuery } from '../api/pipeline-api';

/** An application's story, with dates: applied, first viewed by the company, every move, interviews (issue #50). */
export function ApplicationTimeline({ applicationId }: { applicationId: number }) {
  const { data, isLoading, isError, refetch } = useGetTimelineQuery(applicationId);
  if (isLoading) return <Skeleton height={80} radius="md" mt="sm" aria-label="Loading the timeline" />;
  if (isError || !data) {
    return (
      <Group gap="xs" mt="sm">
        <Text size="sm" c="red">
          The timeline could not be loaded.
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={() => void refetch()}>
          Retry
        </Button>
      </Group>
    );
  }
  return (
    <div>
      <Timeline active={data.entries.length - 1} bulletSize={14} lineWidth={2} mt="sm" aria-label="Timeline">
        {data.entries.map((entry, i) => (
          <Timeline.Item key={`${entry.kind}-${i}`} title={<Text size="sm">{entry.text}</Text>}>
            <Text size="xs" c="dimmed" title={formatDateTime(entry.at)}>
              {formatDateTime(entry.at)} · {formatRecent(entry.at)}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
      <Text size="xs" c="dimmed" mt="xs">
        {data.auto_close
          ? 'An application nobody answers within 30 days is closed, with a message to the job seeker.'
          : `${data.company_name} reviews every application personally; applications are not closed automatically.`}
      </Text>
    </div>
  );
}
