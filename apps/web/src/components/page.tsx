import type { ReactNode } from 'react';
import { Container } from '@mantine/core';

/** The content column: comfortable reading width, phone-friendly padding. */
export function Page({ children, size = 'lg' }: { children: ReactNode; size?: 'md' | 'lg' }) {
  return (
    <Container size={size} px={{ base: 'sm', xs: 'md' }} py={{ base: 'lg', sm: 40 }}>
      {children}
    </Container>
  );
}
