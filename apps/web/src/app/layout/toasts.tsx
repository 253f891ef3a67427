import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isFirstToastAsked, subscribeToFirstToast } from '../../lib/notify';

// The toast renderer (with its transitions) is ~25 KB gzipped: load it with the first toast
// rather than with every screen. Toasts shown before it arrives wait in Mantine's store.
const ToastsHost = lazy(() => import('./toasts-host'));

export function Toasts() {
  // Once loaded, it stays mounted so later toasts animate in and out normally.
  const isNeeded = useSyncExternalStore(subscribeToFirstToast, isFirstToastAsked);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <ToastsHost />
    </Suspense>
  );
}
