import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Provider as StoreProvider } from 'react-redux';
import type { AppStore } from '../lib/store';
import { FeaturePartsProvider } from '../lib/feature-parts';
import { featureParts } from './feature-parts';
import { Toasts } from './layout/toasts';
import { theme } from './theme';

/**
 * Store, theme (light and dark, following the system until the user picks) and toasts.
 * The Google sign-in provider is not here: it wraps the Google button only (see
 * features/auth/components/google-sign-in.tsx), so Google's script loads on the sign-in
 * screens alone, and only when the server reports a client id.
 */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <StoreProvider store={store}>
      <MantineProvider theme={theme} defaultColorScheme="auto">
        <Toasts />
        <FeaturePartsProvider parts={featureParts}>{children}</FeaturePartsProvider>
      </MantineProvider>
    </StoreProvider>
  );
}
