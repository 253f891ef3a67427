import { notifications, type NotificationData } from '@mantine/notifications';

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

/** Shows a toast (Mantine's notifications) with the product's rule for how long it stays. */
export function notify(data: NotificationData): string {
  return notifications.show({ autoClose: staysUntilRead(data) ? false : confirmationMs, ...data });
}
