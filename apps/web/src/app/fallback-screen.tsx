import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { usePageTitle } from '../components/use-page-title';

/**
 * The generic screen for an unknown address (the '*' route) or, with `onRetry`, for a screen that
 * failed (shown by the error boundaries). It keeps the spec's words (section 2: "Unexpected
 * Application Error!") as a small label, and says in plain words which of the two happened and
 * what to do: a mistyped address is not a crash.
 */
export function FallbackScreen({ onRetry }: { onRetry?: () => void }) {
  const hasFailed = onRetry !== undefined;
  usePageTitle(hasFailed ? 'Something went wrong' : 'Page not found');
  const navigate = useNavigate();
  const canGoBack = !hasFailed && window.history.length > 1;

  return (
    <Center mih="60vh" px="md">
      <Stack align="center" gap="md" maw={600} ta="center">
        <Text size="sm" c="dimmed" fw={500}>
          Unexpected Application Error!
        </Text>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {hasFailed ? 'Something went wrong' : 'This page does not exist'}
        </Title>
        <Text>
          {hasFailed
            ? 'Something went wrong while showing this page. Nothing you saved is lost: try again, and if it keeps happening, reload the page or go back home.'
            : 'There is no page at this address. It may be mistyped, or the page may have moved. Check the address, or start again from the home page, where you can search every job.'}
        </Text>
        <Group justify="center" gap="sm">
          {hasFailed && (
            <Button size="md" onClick={onRetry}>
              Try again
            </Button>
          )}
          <Button component={Link} to="/" size="md" variant={hasFailed ? 'default' : 'filled'}>
            Go to the home page
          </Button>
          {canGoBack && (
            <Button size="md" variant="default" onClick={() => void navigate(-1)}>
              Go back
            </Button>
          )}
        </Group>
      </Stack>
    </Center>
  );
}
