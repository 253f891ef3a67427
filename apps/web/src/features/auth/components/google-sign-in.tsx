import type { SelfServiceRole } from '@jobportal/shared';
import { lazy, Suspense } from 'react';
import { Box } from '@mantine/core';
import { usePublicConfig } from '../../../lib/config/public-config';

const GoogleButton = lazy(() => import('./google-button'));

/**
 * "Continue with Google", shown only when the server reports a Google client id; its code and
 * Google's script load only then. `role` is used by the server only when the account is new.
 */
export function GoogleSignIn({ role }: { role?: SelfServiceRole }) {
  const config = usePublicConfig();
  const clientId = config?.googleClientId;
  if (!clientId) return null;
  return (
    <Suspense fallback={<Box mt="lg" h={90} />}>
      <GoogleButton clientId={clientId} role={role} />
    </Suspense>
  );
}
