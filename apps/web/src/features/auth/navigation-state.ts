/** What the sign-in screens hand each other through the router's location state. */
export interface AuthNavigationState {
  email?: string;
}

export function emailFromState(state: unknown): string {
  if (typeof state !== 'object' || state === null) return '';
  const email = (state as { email?: unknown }).email;
  return typeof email === 'string' ? email : '';
}
