import { test as base, expect, type Page } from '@playwright/test';
import { e2eEnv } from './env';

export const demoPassword = 'demo-pass-123';
export const demo = {
  admin: 'admin@example.com',
  employer: 'employer@example.com',
  seeker: 'seeker@example.com',
} as const;

let counter = 0;
/** An address no other journey uses, for accounts made during a run. */
export const freshEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${counter++}@example.test`;

interface LoginBody {
  accessToken: string;
  refreshToken: string;
  role: string;
  user: { id: number; email: string; full_name: string };
  companyDetailsSubmitted: boolean;
}

/**
 * Signs in through the API and puts the session where the web app keeps it (spec section 3), so a
 * journey can start signed in without walking the sign-in screen each time.
 */
export async function loginAs(page: Page, email: string, password = demoPassword): Promise<LoginBody> {
  const path = email === demo.admin ? '/api/admin/login/' : '/api/login/';
  const res = await page.request.post(`${e2eEnv.baseURL}${path}`, { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as LoginBody;
  await page.goto('/');
  await page.evaluate((s) => {
    localStorage.setItem('accessToken', s.accessToken);
    localStorage.setItem('refreshToken', s.refreshToken);
    localStorage.setItem('user', JSON.stringify(s.user));
    localStorage.setItem('role', s.role);
    localStorage.setItem('userid', String(s.user.id));
    localStorage.setItem('full_name', s.user.full_name);
    localStorage.setItem('companyDetailsSubmitted', JSON.stringify(s.companyDetailsSubmitted));
  }, body);
  // The app reads the stored session when it loads; a hash change alone would not reload it.
  await page.reload();
  return body;
}

/** Types a 6-digit code into the code boxes. */
export async function enterCode(page: Page, code: string) {
  await page.getByLabel('Code digit 1 of 6').click();
  await page.keyboard.type(code);
}

export const test = base;
export { expect };
