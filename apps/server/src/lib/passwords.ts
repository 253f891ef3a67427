import { hash, verify } from '@node-rs/argon2';
import { limits } from '@jobportal/shared';
import { commonPasswords } from './common-passwords';

// @node-rs/argon2 defaults to argon2id (m=19 MiB, t=2, p=1), OWASP's recommended minimum.
export const hashPassword = (password: string) => hash(password);

let dummyHash: Promise<string> | undefined;

/** Verify; with no stored hash, still spend the same time so timing does not reveal accounts. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hash('not-a-real-password-0');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

/** The reasons a new password is refused, empty when it is fine. */
export function passwordProblems(password: string, context: { email?: string; fullName?: string } = {}): string[] {
  const problems: string[] = [];
  if (password.length < limits.passwordMin) problems.push(`Use at least ${limits.passwordMin} characters.`);
  if (password.length > limits.passwordMax) problems.push(`Use at most ${limits.passwordMax} characters.`);
  const lower = password.toLowerCase();
  const local = context.email?.split('@')[0]?.toLowerCase();
  if (commonPasswords.has(lower) || /^(.)\1+$/.test(password) || /^(0123456789|1234567890|9876543210)+/.test(password)) {
    problems.push('This password is too common. Choose one that is harder to guess.');
  } else if ((local && local.length >= 4 && lower === local) || lower === context.email?.toLowerCase()) {
    problems.push('Do not use your e-mail address as your password.');
  }
  return problems;
}
