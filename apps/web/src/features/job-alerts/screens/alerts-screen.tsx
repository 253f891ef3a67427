import { useState } from 'react';
import { Loader, Stack, Text } from '@mantine/core';
import { jobAlertsMax } from '@jobportal/shared/vocabulary';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailed } from '../../../components/load-failed';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/use-page-title';
import { useGetJobAlertsQuery } from '../api/job-alerts-api';
import { AlertCard } from '../components/alert-card';

/** `#/alerts` (and `#/alerts/:alertId`, that alert's matches open): a job seeker's saved searches and what is new for each. */
export function AlertsScreen() {
  usePageTitle('Job alerts');
  const { alertId } = useParams();
  const alerts = useGetJobAlertsQuery();
  const [openId, setOpenId] = useState<number | null>(alertId ? Number(alertId) : null);
  return (
    <Page size="md">
      <PageHeader
        title="Job alerts"
        description={`Searches that tell you of new jobs, in the app or by e-mail. You can keep ${jobAlertsMax}; save one with “Alert me” on the job search.`}
      />
      {alerts.isLoading && <Loader aria-label="Loading alerts" />}
      {alerts.isError && <LoadFailed title="Could not load your alerts" error={alerts.error} onRetry={() => void alerts.refetch()} />}
      {alerts.data && alerts.data.count === 0 && (
        <EmptyState
          title="No alerts yet"
          description="Search for jobs, then choose “Alert me” to hear of new ones."
          link={{ to: '/', label: 'Find jobs' }}
        />
      )}
      {alerts.data && alerts.data.count > 0 && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {alerts.data.new_matches === 0
              ? 'Nothing new since you last looked.'
              : `${alerts.data.new_matches} new ${alerts.data.new_matches === 1 ? 'job' : 'jobs'} in all.`}
          </Text>
          {alerts.data.results.map((alert) => (
            <AlertCard
              key={alert.id}
              alert={alert}
              opened={openId === alert.id}
              onToggle={() => setOpenId(openId === alert.id ? null : alert.id)}
            />
          ))}
        </Stack>
      )}
    </Page>
  );
}
