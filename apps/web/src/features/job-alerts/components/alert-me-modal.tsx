import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import {
  alertFrequencies,
  alertFrequencyLabels,
  proposeAlertName,
  type AlertCriteria,
  type AlertFrequency,
} from '@jobportal/shared/vocabulary';
import { describeError, fieldError } from '../../../lib/api/api-error';
import { notify } from '../../../lib/notify';
import { useCreateJobAlertMutation, useSubscribeJobAlertMutation } from '../api/job-alerts-api';

/** The "Alert me" form: a name proposed from the search, how often, and how (a visitor: an e-mail address to confirm). */
export default function AlertMeModal({
  opened,
  onClose,
  criteria,
  name: proposedName,
  isVisitor,
}: {
  opened: boolean;
  onClose: () => void;
  criteria: AlertCriteria;
  name?: string;
  isVisitor: boolean;
}) {
  const [name, setName] = useState(() => proposedName ?? proposeAlertName(criteria));
  const [frequency, setFrequency] = useState<AlertFrequency>(isVisitor ? 'daily' : 'instant');
  const [inApp, setInApp] = useState(true);
  const [byEmail, setByEmail] = useState(false);
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [create, creating] = useCreateJobAlertMutation();
  const [subscribe, subscribing] = useSubscribeJobAlertMutation();
  const error = creating.error ?? subscribing.error;

  const submit = async () => {
    try {
      if (isVisitor) {
        const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
        const answer = await subscribe({ name, criteria, frequency, email, time_zone: timeZone }).unwrap();
        setSentTo(answer.email);
      } else {
        await create({ name, criteria, frequency, in_app: inApp, email: byEmail }).unwrap();
        notify({ message: `Alert “${name}” saved. New jobs for it will find you.` });
        onClose();
      }
    } catch {
      // Shown in the form.
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Alert me of new jobs like these">
      {sentTo ? (
        <Stack>
          <Alert color="teal" title="Check your inbox">
            We sent a link to {sentTo}. Open it to confirm the alert: nothing else is sent until then.
          </Alert>
          <Button onClick={onClose}>Done</Button>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <TextInput
              label="Name"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={fieldError(error, 'name')}
              required
              maxLength={80}
            />
            <div>
              <Text size="sm" fw={500} mb={4} id="alert-frequency">
                How often
              </Text>
              <SegmentedControl
                aria-labelledby="alert-frequency"
                value={frequency}
                onChange={(value) => setFrequency(value as AlertFrequency)}
                data={alertFrequencies.map((value) => ({ value, label: alertFrequencyLabels[value] }))}
              />
            </div>
            {isVisitor ? (
              <TextInput
                label="Your e-mail address"
                type="email"
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                error={fieldError(error, 'email')}
                description="We e-mail you a link to confirm it first."
                required
              />
            ) : (
              <Group>
                <Checkbox
                  label="In the app"
                  checked={inApp}
                  onChange={(e) => setInApp(e.currentTarget.checked)}
                  error={fieldError(error, 'in_app')}
                />
                <Checkbox label="By e-mail" checked={byEmail} onChange={(e) => setByEmail(e.currentTarget.checked)} />
              </Group>
            )}
            {error && !fieldError(error, 'name') && !fieldError(error, 'email') && !fieldError(error, 'in_app') && (
              <Text c="red" size="sm" role="alert">
                {describeError(error)}
              </Text>
            )}
            <Button type="submit" loading={creating.isLoading || subscribing.isLoading}>
              {isVisitor ? 'E-mail me' : 'Save alert'}
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
