import { useState } from 'react';
import { Anchor, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { RealPathLink } from '../../../components/real-path-link';
import { LoadFailed } from '../../../components/load-failed';
import { formatPay } from '../../../lib/money';
import { useGetAlertMatchesQuery } from '../api/job-alerts-api';

/** An alert's matched jobs that are still open, newest first (opening them marks them seen). */
export function AlertMatches({ alertId }: { alertId: number }) {
  const [page, setPage] = useState(1);
  const matches = useGetAlertMatchesQuery({ id: alertId, page });
  if (matches.isLoading) return <Loader size="sm" aria-label="Loading matches" />;
  if (matches.isError)
    return <LoadFailed title="Could not load the matches" error={matches.error} onRetry={() => void matches.refetch()} />;
  const list = matches.data!;
  if (list.count === 0) return <Text size="sm">No open jobs have matched yet. New ones will show here.</Text>;
  return (
    <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Matched jobs">
      {list.results.map(({ id, job, is_new }) => (
        <li key={id}>
          <Group gap="xs" wrap="wrap">
            <Anchor component={RealPathLink} to={`/job/${job.id}`} fw={500}>
              {job.title}
            </Anchor>
            {is_new && (
              <Badge size="xs" color="teal">
                New
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {[
              job.company.name,
              job.is_remote ? `${job.location} (remote)` : job.location,
              formatPay(job.salary_min, job.salary_max, job.currency),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </li>
      ))}
      {(list.next || list.previous) && (
        <Group>
          <Button size="xs" variant="default" disabled={!list.previous} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <Button size="xs" variant="default" disabled={!list.next} onClick={() => setPage(page + 1)}>
            Older
          </Button>
        </Group>
      )}
    </Stack>
  );
}
