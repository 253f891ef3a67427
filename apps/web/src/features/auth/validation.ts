import { limits } from '@jobportal/shared/vocabulary';

// The same rules and wording as the shared zod schemas, without pulling zod into the sign-in
// chunk. The server checks the schemas again; its field errors show beside the same fields.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkEmail(value: string): string | null {
  const email = value.trim();
  if (email === '') return 'Enter your e-mail address.';
  if (email.length > limits.emailMax || !emailPattern.test(email)) {
    return 'Enter a valid e-mail address.';
  }
  return null;
}

export function checkNewPassword(value: string): string | null {
  if (value.length < limits.passwordMin) return `Use at least ${limits.passwordMin} characters.`;
  if (value.length > limits.passwordMax) return `Use at most ${limits.passwordMax} characters.`;
  return null;
}

export function checkPassword(value: string): string | null {
  return value === '' ? 'Enter your password.' : null;
}

export function checkFullName(value: string): string | null {
  const name = value.trim();
  if (name === '') return 'Enter your name.';
  if (name.length > limits.nameMax) return `Use at most ${limits.nameMax} characters.`;
  return null;
}

export function checkOtp(value: string): string | null {
  return new RegExp(`^\\d{${limits.otpLength}}$`).test(value.trim()) ? null : 'Enter the 6-digit code from the e-mail.';
}

export const passwordRule = `At least ${limits.passwordMin} characters. A short sentence works well.`;

export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}
