import type { NotificationData } from '@mantine/notifications';

/** How long a passing confirmation ("Profile saved.") stays, in milliseconds. */
export const confirmationMs = 4000;

/**
 * Whether a toast stays until the person closes it: an error (red: something they did was not
 * done, such as a failed save) or a warning (orange: they have to do something themselves). A
 * confirmation goes by itself. (docs/decisions/015-what-people-trip-over.md)
 */
export function staysUntilRead(data: Pick<NotificationData, 'color'>): boolean {
  return data.color === 'red' || data.color === 'orange';
}

// Mantine's notifications (their store and the toasts' renderer) load with the first toast, not in
// every first load: until then the app shell only learns that a toast was asked for.
let isToastAsked = false;
const listeners = new Set<() => void>();

/** For the shell's <Toasts>: tells when the first toast is asked for (its renderer loads then). */
export function subscribeToFirstToast(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isFirstToastAsked = () => isToastAsked;

/**
 * Shows a toast (Mantine's notifications) with the product's rule for how long it stays; the first
 * one shows once Mantine's notifications have loaded.
 */
export function notify(data: NotificationData): void {
  if (!isToastAsked) {
    isToastAsked = true;
    for (const listener of listeners) listener();
  }
  void import('@mantine/notifications').then(
    ({ notifications }) => notifications.show({ autoClose: staysUntilRead(data) ? false : confirmationMs, ...data }),
    // Their code could not be loaded (the connection is gone): the toast cannot show.
    (error: unknown) => console.error('Toast not shown:', error),
  );
}
