import { lazy, Suspense } from 'react';
import type { Session } from '../../../lib/session/session';

// Only signed-in people see it, so visitors' first load of the sign-in screens does not carry it.
const AlreadySignedIn = lazy(async () => ({ default: (await import('./already-signed-in')).AlreadySignedIn }));

/** The "already signed in" note of the sign-in and sign-up screens (see already-signed-in.tsx). */
export function AlreadySignedInNote({ session, wanted }: { session: Session; wanted?: string }) {
  if (!session.role) return null;
  return (
    <Suspense fallback={null}>
      <AlreadySignedIn session={session} wanted={wanted} />
    </Suspense>
  );
}
