/** Why this tab was signed out without asking (only a deactivated account, so far), for the sign-in screen to say. */
export type SignOutReason = 'account_disabled';

const key = 'hireloop:sign-out-reason';

export function rememberSignOutReason(reason: SignOutReason): void {
  try {
    window.sessionStorage.setItem(key, reason);
  } catch {
    // Storage refused (private mode): the screen simply does not explain.
  }
}

/** The reason this tab was signed out, if any (it stays until `forgetSignOutReason`). */
export function peekSignOutReason(): SignOutReason | null {
  try {
    return window.sessionStorage.getItem(key) === 'account_disabled' ? 'account_disabled' : null;
  } catch {
    return null;
  }
}

/** Said once: the sign-in screen forgets it after showing it, so the next visit does not repeat it. */
export function forgetSignOutReason(): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // Nothing to forget.
  }
}
