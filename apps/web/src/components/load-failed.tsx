import { Alert, Button, Text } from '@mantine/core';
import { describeError } from '../lib/api/api-error';
import { AlertIcon } from './icons';

/** The failed face of a data area: what went wrong, in words, and a way to try again. */
export function LoadFailed({ title, error, onRetry, m }: { title: string; error: unknown; onRetry: () => void; m?: string }) {
  return (
    <Alert m={m} color="red" variant="light" icon={<AlertIcon />} title={title}>
      <Text size="sm" mb="sm">
        {describeError(error)}
      </Text>
      <Button size="xs" variant="white" color="red" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
