import { lazy, Suspense, useState } from 'react';
import { useNotifications } from '@mantine/notifications';

// The toast renderer (with its transitions) is ~25 KB gzipped: load it with the first toast
// rather than with every screen. Toasts shown before it arrives wait in the store.
const ToastsHost = lazy(() => import('./toasts-host'));

export function Toasts() {
  const { notifications, queue } = useNotifications();
  const hasToasts = notifications.length > 0 || queue.length > 0;
  const [isNeeded, setNeeded] = useState(false);

  // Once loaded, stay mounted so later toasts animate in and out normally.
  if (hasToasts && !isNeeded) setNeeded(true);

  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <ToastsHost />
    </Suspense>
  );
}
