import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { FormAlert } from './form-alert';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  isWorking?: boolean;
  /** Why the last attempt failed, shown above the buttons. */
  error?: string | null;
}

/** Asks before something that cannot be undone; the confirming button says exactly what happens. */
export function ConfirmModal({ opened, title, children, confirmLabel, onConfirm, onClose, isWorking, error }: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={650}>{title}</Text>} centered>
      <Stack gap="md">
        <div>{children}</div>
        <FormAlert>{error}</FormAlert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isWorking}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={isWorking} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
