import { useEffect } from 'react';
import { Alert, Button, Group, Loader, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { alertFrequencies, alertFrequencyLabels, alertSearchQuery, type AlertFrequency } from '@jobportal/shared/vocabulary';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/use-page-title';
import { describeError } from '../../../lib/api/api-error';
import {
  useConfirmJobAlertMutation,
  useGetManagedAlertQuery,
  useUnsubscribeJobAlertMutation,
  useUpdateManagedAlertMutation,
} from '../api/job-alerts-api';

/** `#/alerts/confirm/:token`: the double opt-in link; the alert starts, and can be changed at once. */
export function AlertConfirmScreen() {
  usePageTitle('Confirm your job alert');
  const { token = '' } = useParams();
  const [confirm, confirmed] = useConfirmJobAlertMutation();
  useEffect(() => {
    void confirm(token);
  }, [confirm, token]);
  return (
    <Page size="md">
      <PageHeader title="Your job alert" />
      {confirmed.isLoading && <Loader aria-label="Confirming" />}
      {confirmed.isError && (
        <Alert color="red">{describeError(confirmed.error)} The link may be old: subscribe again from the job search.</Alert>
      )}
      {confirmed.data && (
        <Stack>
          <Alert color="teal" title="Confirmed">
            New jobs for “{confirmed.data.alert.name}” will be e-mailed to {confirmed.data.alert.email_address}.
          </Alert>
          <AlertManager token={confirmed.data.token} />
        </Stack>
      )}
    </Page>
  );
}

/** `#/alerts/manage/:token`: an alert e-mail's link: pause, change how often, or stop it, without signing in. */
export function AlertManageScreen() {
  usePageTitle('Your job alert');
  const { token = '' } = useParams();
  return (
    <Page size="md">
      <PageHeader title="Your job alert" />
      <AlertManager token={token} />
    </Page>
  );
}

function AlertManager({ token }: { token: string }) {
  const alert = useGetManagedAlertQuery(token);
  const [update, updating] = useUpdateManagedAlertMutation();
  const [unsubscribe, unsubscribed] = useUnsubscribeJobAlertMutation();
  if (unsubscribed.data)
    return (
      <Alert color="teal" title="Unsubscribed">
        {unsubscribed.data.detail}
      </Alert>
    );
  if (alert.isLoading) return <Loader aria-label="Loading the alert" />;
  if (alert.isError)
    return <LoadFailed title="This link does not open an alert" error={alert.error} onRetry={() => void alert.refetch()} />;
  const a = alert.data!;
  const query = alertSearchQuery(a.criteria);
  return (
    <Stack>
      <Text>
        <strong>{a.name}</strong> · e-mailed to {a.email_address}
      </Text>
      <SegmentedControl
        aria-label="How often"
        value={a.frequency}
        onChange={(value) => void update({ token, change: { frequency: value as AlertFrequency } })}
        data={alertFrequencies.map((value) => ({ value, label: alertFrequencyLabels[value] }))}
        disabled={updating.isLoading}
      />
      <Switch label="Paused" checked={a.paused} onChange={(e) => void update({ token, change: { paused: e.currentTarget.checked } })} />
      {updating.isError && <Text c="red">{describeError(updating.error)}</Text>}
      <Group>
        <Button component={Link} to={query ? `/?${query}` : '/'} variant="default">
          Open the search
        </Button>
        <Button color="red" variant="light" loading={unsubscribed.isLoading} onClick={() => void unsubscribe(token)}>
          Unsubscribe
        </Button>
      </Group>
    </Stack>
  );
}
