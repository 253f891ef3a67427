import { Card, Group, Skeleton, Stack } from '@mantine/core';

export function ListSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading">
      {[0, 1, 2].map((i) => (
        <Card key={i}>
          <Group gap="md" wrap="nowrap">
            <Skeleton height={44} width={44} radius="md" />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton height={16} width="50%" />
              <Skeleton height={12} width="30%" />
            </Stack>
            <Skeleton height={20} width={80} radius="xl" />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

export const pageOf = (raw: string | null) => (raw && /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : 1);

/** The server's page size for these lists. */
export const pageSize = 20;
