import { Center, Loader, Stack, Text } from '@mantine/core';

/** Shown while a screen's code loads. */
export function LoadingScreen() {
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" aria-hidden="true" />
        <Text c="dimmed" size="sm">
          Loading…
        </Text>
      </Stack>
    </Center>
  );
}
