import type { ReactNode } from 'react';
import { Box, Paper, Stack, Text, Title } from '@mantine/core';

/** The frame of every sign-in screen: a narrow card in the middle of the page. */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Box px={{ base: 'sm', xs: 'md' }} py={{ base: 'lg', sm: 56 }}>
      <Stack maw={440} mx="auto" gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          {description && <Text c="dimmed">{description}</Text>}
        </Stack>
        <Paper withBorder shadow="xs" p={{ base: 'md', xs: 'xl' }}>
          {children}
        </Paper>
        {footer && (
          <Text ta="center" size="sm">
            {footer}
          </Text>
        )}
      </Stack>
    </Box>
  );
}
