import { useEffect, useState } from 'react';
import { Button, Group, List, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notify } from '../../../lib/notify';
import { limits } from '@jobportal/shared/vocabulary';
import { ConfirmModal } from '../../../components/confirm-modal';
import { FormAlert } from '../../../components/form-alert';
import { describeError } from '../../../lib/api/api-error';
import { useServerErrors } from '../../../lib/forms/use-server-errors';
import {
  useCreatePersonMutation,
  useDeleteUserMutation,
  useTogglePersonActiveMutation,
  useUpdatePersonMutation,
  type PersonTable,
} from '../api/users-api';
import { isJobseekerPerson, type Person } from './people-table';
import { countOf } from '../../../lib/plural';

const tableWords = { jobseekers: 'job seeker', employers: 'employer' } as const;
const reasonMax = 500;

/** Make an account (`person` absent) or change a person's name and e-mail. */
export function PersonFormModal({
  table,
  person,
  opened,
  onClose,
  onCreated,
}: {
  table: PersonTable;
  person?: Person;
  opened: boolean;
  onClose: () => void;
  onCreated?: (person: Person) => void;
}) {
  const [create, creating] = useCreatePersonMutation();
  const [update, updating] = useUpdatePersonMutation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { full_name: person?.full_name ?? '', email: person?.email ?? '' },
    validate: {
      full_name: (v) =>
        v.trim() ? (v.trim().length > limits.nameMax ? `Use at most ${limits.nameMax} characters.` : null) : 'Enter a name.',
      email: (v) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()) ? null : 'Enter a valid e-mail address.'),
    },
  });
  const { formError, showError, clearError } = useServerErrors(form);
  useEffect(() => {
    if (opened) {
      form.setValues({ full_name: person?.full_name ?? '', email: person?.email ?? '' });
      form.resetDirty();
      form.clearErrors();
      clearError();
    }
    // Only when the modal opens or the person changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, person?.id]);

  const submit = form.onSubmit(async (values) => {
    clearError();
    const body = { full_name: values.full_name.trim(), email: values.email.trim() };
    try {
      if (person) {
        await update({ table, id: person.id, body }).unwrap();
        notify({ color: 'teal', message: `${body.full_name} is saved.` });
      } else {
        const made = await create({ table, body }).unwrap();
        notify({
          color: 'teal',
          message: `${body.full_name}’s account is made; we e-mailed ${body.email} a code to set a password.`,
        });
        onCreated?.(made);
      }
      onClose();
    } catch (error) {
      showError(error);
    }
  });

  const isWorking = creating.isLoading || updating.isLoading;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={650}>{person ? `Edit ${person.full_name}` : `New ${tableWords[table]}`}</Text>}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Full name" withAsterisk autoComplete="off" data-autofocus {...form.getInputProps('full_name')} />
          <TextInput
            label="E-mail"
            type="email"
            withAsterisk
            autoComplete="off"
            description={person ? undefined : 'We e-mail this address a code to set a password.'}
            {...form.getInputProps('email')}
          />
          <FormAlert>{formError}</FormAlert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={isWorking}>
              Cancel
            </Button>
            <Button type="submit" loading={isWorking}>
              {person ? 'Save' : 'Create account'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Deactivate (with a reason kept on the account and in the audit log) or activate again. */
export function ToggleActiveModal({ table, person, onClose }: { table: PersonTable; person: Person | null; onClose: () => void }) {
  const [toggle, toggling] = useTogglePersonActiveMutation();
  const [reason, setReason] = useState('');
  useEffect(() => {
    setReason('');
    toggling.reset();
    // Reset when another person is chosen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [person?.id]);
  if (!person) return null;
  const deactivating = person.is_active;
  const onConfirm = async () => {
    try {
      await toggle({ table, id: person.id, reason: deactivating ? reason.trim() || undefined : undefined }).unwrap();
      notify({
        color: deactivating ? 'orange' : 'teal',
        message: deactivating ? `${person.full_name} is deactivated and signed out everywhere.` : `${person.full_name} can sign in again.`,
      });
      onClose();
    } catch {
      // Shown in the modal.
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={<Text fw={650}>{deactivating ? `Deactivate ${person.full_name}?` : `Activate ${person.full_name}?`}</Text>}
      centered
    >
      <Stack gap="md">
        {deactivating ? (
          <>
            <Text size="sm">
              They are signed out at once on every device and cannot sign in until an administrator activates the account again. Nothing is
              deleted.
            </Text>
            <Textarea
              label="Reason"
              description="Kept with the account and in the audit log."
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              maxLength={reasonMax}
              autosize
              minRows={2}
              data-autofocus
            />
          </>
        ) : (
          <Text size="sm">
            {person.deactivation_reason ? `Deactivated because: “${person.deactivation_reason}”. ` : ''}They can sign in again with their
            password.
          </Text>
        )}
        <FormAlert>{toggling.isError ? describeError(toggling.error) : null}</FormAlert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={toggling.isLoading}>
            Cancel
          </Button>
          <Button color={deactivating ? 'red' : 'teal'} onClick={() => void onConfirm()} loading={toggling.isLoading}>
            {deactivating ? 'Deactivate' : 'Activate'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** What deleting this person takes with them, and what stays. */
export function deletionConsequences(person: Person): { goes: string[]; stays: string[] } {
  const stays = [`The audit log, with ${person.full_name}’s name and e-mail as they were`];
  if (isJobseekerPerson(person)) {
    return {
      goes: [
        'Their account and every sign-in session',
        'Their profile, with its photo and resume',
        `Their ${countOf(person.applications_count, 'application')} and the files sent with them`,
        'Their saved jobs and notifications',
      ],
      stays,
    };
  }
  const goes = ['Their account and every sign-in session', 'Their notifications'];
  if (person.company && person.is_company_owner) {
    goes.push(`The company ${person.company.name}, its jobs, their applications and the resumes sent only with them`);
    stays.push('The accounts of the people who applied');
  } else if (person.company) {
    stays.push(`${person.company.name}, and the ${countOf(person.jobs_count, 'job')} they posted (they belong to the company)`);
  }
  return { goes, stays };
}

export function DeletePersonModal({ person, onClose, onDeleted }: { person: Person | null; onClose: () => void; onDeleted: () => void }) {
  const [remove, removal] = useDeleteUserMutation();
  useEffect(() => {
    removal.reset();
    // Reset when another person is chosen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [person?.id]);
  if (!person) return null;
  const { goes, stays } = deletionConsequences(person);
  const onConfirm = async () => {
    try {
      await remove(person.id).unwrap();
      notify({ message: `${person.full_name} is deleted.` });
      onDeleted();
    } catch {
      // Shown in the modal (e.g. an owner whose team must be handed over first).
    }
  };
  return (
    <ConfirmModal
      opened
      title={`Delete ${person.full_name}?`}
      confirmLabel={`Delete ${person.full_name}`}
      onConfirm={() => void onConfirm()}
      onClose={onClose}
      isWorking={removal.isLoading}
      error={removal.isError ? describeError(removal.error) : null}
    >
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          Deleted for good:
        </Text>
        <List size="sm" spacing={2}>
          {goes.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        <Text size="sm" fw={600}>
          Kept:
        </Text>
        <List size="sm" spacing={2}>
          {stays.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        {!isJobseekerPerson(person) && person.is_company_owner && (
          <Text size="sm" c="dimmed">
            An owner whose company still has recruiters cannot be deleted: the team is handed over or removed first.
          </Text>
        )}
      </Stack>
    </ConfirmModal>
  );
}
