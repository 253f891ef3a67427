import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useGetJobAlertsQuery } from '../../job-alerts/api/job-alerts-api';

/** The job seeker's dashboard: new jobs found by their alerts, with the way to them (nothing without news). */
export function AlertNews() {
  const { data } = useGetJobAlertsQuery();
  if (!data || data.new_matches === 0) return null;
  const fresh = data.results.filter((alert) => alert.new_matches > 0);
  return (
    <Alert color="teal" title={`${data.new_matches} new ${data.new_matches === 1 ? 'job' : 'jobs'} for your alerts`}>
      <Text size="sm">
        {fresh.map((alert, i) => (
          <span key={alert.id}>
            {i > 0 && ' · '}
            <Anchor component={Link} to={`/alerts/${alert.id}`} c="inherit" underline="always" fw={600}>
              {alert.name}
            </Anchor>{' '}
            ({alert.new_matches})
          </span>
        ))}
      </Text>
    </Alert>
  );
}
