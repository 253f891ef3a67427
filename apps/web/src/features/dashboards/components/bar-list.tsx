import { Group, Progress, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Bar {
  key: string | number;
  label: ReactNode;
  value: number;
  color: string;
}

/**
 * A chart that reads as a list: each bar has its label and number in text, so a screen reader
 * (and anyone) gets the figures, not just lengths. Bars scale to the largest value.
 */
export function BarList({ bars, label }: { bars: Bar[]; label: string }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
      {bars.map((bar) => (
        <li key={bar.key}>
          <Group justify="space-between" gap="xs" wrap="nowrap" mb={2}>
            <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {bar.label}
            </Text>
            <Text size="sm" fw={600}>
              {bar.value.toLocaleString()}
            </Text>
          </Group>
          <Progress value={(bar.value / max) * 100} color={bar.color} size="md" aria-hidden="true" />
        </li>
      ))}
    </Stack>
  );
}
