import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useProductName } from '../lib/config/public-config';

export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-primary-color-filled)" />
      <path d="M9 16a7 7 0 1 1 7 7" stroke="white" strokeWidth="3" fill="none" strokeLinecap="round" />
    </svg>
  );
}

export function Brand({ to }: { to: string }) {
  const productName = useProductName();
  return (
    <UnstyledButton component={Link} to={to} aria-label={`${productName} home`}>
      <Group gap={8} wrap="nowrap">
        <BrandMark />
        <Text fw={700} fz="lg" lh={1}>
          {productName}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
