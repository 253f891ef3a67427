import { Card, Skeleton, Stack, Text } from '@mantine/core';

/** A headline figure of the employer dashboard: its label, the number (a placeholder while loading) and a hint. */
export function StatCard({
  label,
  value,
  hint,
  isLoading,
}: {
  label: string;
  value: number | undefined;
  hint: string;
  isLoading: boolean;
}) {
  return (
    <Card h="100%">
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        {isLoading || value === undefined ? (
          <Skeleton height={34} width={60} my={2} />
        ) : (
          <Text fz={34} fw={700} lh={1.15}>
            {value.toLocaleString()}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      </Stack>
    </Card>
  );
}
