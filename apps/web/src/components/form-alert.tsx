import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { AlertIcon } from './icons';

/** The one message above a submit button when a call fails for a reason not tied to a field. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
      {children}
    </Alert>
  );
}
