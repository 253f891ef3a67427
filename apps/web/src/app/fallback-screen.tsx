import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../components/use-page-title';

/**
 * The generic screen for an unknown address (the '*' route) or, with `hasFailed`, for a screen
 * that failed (shown by the error boundaries; spec section 2).
 */
export function FallbackScreen({ hasFailed = false }: { hasFailed?: boolean }) {
  usePageTitle(hasFailed ? 'Something went wrong' : 'Page not found');

  return (
    <Center mih="60vh" px="md">
      <Stack align="center" gap="md" maw={600} ta="center">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Unexpected Application Error!
        </Title>
        <Text c="dimmed">
          {!hasFailed
            ? 'There is no page at this address. It may have moved, or the link may be mistyped.'
            : 'Something went wrong while showing this page. Going back home usually helps.'}
        </Text>
        <Button component={Link} to="/" size="md">
          Go to the home page
        </Button>
      </Stack>
    </Center>
  );
}
