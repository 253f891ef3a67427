/** What the sign-in screens hand each other through the router's location state. */
export interface AuthNavigationState {
  email?: string;
  /** The code screen follows a new account (signing up): it says the account is created. */
  isNewAccount?: boolean;
  /** Where the visitor was when asked to sign in: signing in goes back there. */
  from?: string;
}

export function emailFromState(state: unknown): string {
  if (typeof state !== 'object' || state === null) return '';
  const email = (state as { email?: unknown }).email;
  return typeof email === 'string' ? email : '';
}

/** Whether the code screen was opened right after signing up. */
export const isNewAccountFromState = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { isNewAccount?: unknown }).isNewAccount === true;

const authScreens = /^\/(login|signup|verify-otp|forgot-password|adminlogin)(\/|\?|$)/;

/** The in-app address to return to after signing in: never another site, never a sign-in screen. */
export function returnPathFromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const from = (state as { from?: unknown }).from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || authScreens.test(from)) return undefined;
  return from;
}
