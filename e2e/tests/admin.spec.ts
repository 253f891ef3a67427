import type { Page } from '@playwright/test';
import { demo, enterCode, expect, freshEmail, loginAs, test } from '../support/fixtures';
import { e2eEnv } from '../support/env';
import { waitForCode } from '../support/mail';

/** A figure of the admin dashboard, as a number. */
async function figure(page: Page, label: string): Promise<number> {
  await page.goto('/#/admindashboard');
  const text = await page.getByRole('group', { name: label, exact: true }).locator('[data-figure]').textContent();
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

test('the admin finds a job seeker, deactivates them (their open tab is signed out and told why), reactivates them, and creates an employer who sets a password from the mail and signs in; the dashboard counts move', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const adminLogin = await loginAs(page, demo.admin);
  const adminAuth = { Authorization: `Bearer ${adminLogin.accessToken}` };
  const seekersBefore = await figure(page, 'Job seekers');
  const employersBefore = await figure(page, 'Employers');

  // A job seeker made by the admin's API, who sets a password with the mailed code and signs in in their own tab.
  const seekerEmail = freshEmail('seeker');
  const seekerName = `Casey Candidate ${Date.now().toString(36)}`;
  const made = await request.post(`${e2eEnv.baseURL}/api/jobseekers/`, {
    headers: adminAuth,
    data: { email: seekerEmail, full_name: seekerName },
  });
  expect(made.status()).toBe(201);
  const reset = await request.post(`${e2eEnv.baseURL}/api/password-reset-confirm/`, {
    data: { email: seekerEmail, otp: await waitForCode(seekerEmail), new_password: 'a-long-seeker-pass-1' },
  });
  expect(reset.status()).toBe(200);
  const seekerContext = await browser.newContext();
  const seeker = await seekerContext.newPage();
  await loginAs(seeker, seekerEmail, 'a-long-seeker-pass-1');
  await seeker.goto('/#/jobseekerprofile');
  await expect(seeker.getByRole('heading', { level: 1 })).toBeVisible();

  // The admin finds them by name and deactivates them with a reason.
  await page.goto('/#/jobseekers');
  await page.getByRole('textbox', { name: 'Search job seekers by name or e-mail' }).fill(seekerName);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/search=/);
  const table = page.getByRole('table');
  const row = table.getByRole('row').filter({ hasText: seekerName });
  await expect(table.getByRole('row')).toHaveCount(2); // the heading and the one match
  await row.getByRole('button', { name: `Details of ${seekerName}` }).click();
  const drawer = page.getByRole('dialog', { name: seekerName });
  await drawer.getByRole('button', { name: 'Deactivate…' }).click();
  const deactivate = page.getByRole('dialog', { name: `Deactivate ${seekerName}?` });
  await deactivate.getByRole('textbox', { name: 'Reason' }).fill('Fake profile');
  await deactivate.getByRole('button', { name: 'Deactivate' }).click();
  await expect(row.getByText('Deactivated')).toBeVisible();
  await expect(drawer.getByText('Fake profile').first()).toBeVisible();

  // Their open tab is signed out at once (its live connection is closed), or else on its next
  // request, and the sign-in screen says why.
  await seeker.waitForURL(/#\/login/, { timeout: 15_000 }).catch(() => seeker.goto('/#/jobseekerapplications'));
  await expect(seeker).toHaveURL(/#\/login/);
  await expect(seeker.getByText('Your account is disabled')).toBeVisible();
  await seeker.getByLabel(/^E-mail/).fill(seekerEmail);
  await seeker.getByLabel(/^Password/).fill('a-long-seeker-pass-1');
  await seeker.getByRole('button', { name: 'Sign in' }).click();
  await expect(seeker.getByText('This account has been deactivated. Contact support.')).toBeVisible();

  // The admin reactivates them; they sign in again.
  await drawer.getByRole('button', { name: 'Activate…' }).click();
  await page
    .getByRole('dialog', { name: `Activate ${seekerName}?` })
    .getByRole('button', { name: 'Activate' })
    .click();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await seeker.getByRole('button', { name: 'Sign in' }).click();
  // Signing in goes back to the page the tab was on (signed out live) or that asked for it.
  await expect(seeker).toHaveURL(/#\/jobseeker(profile|applications)$/);
  await seekerContext.close();

  // The admin creates an employer, who sets a password from the mailed code and signs in.
  await page.keyboard.press('Escape');
  await page.goto('/#/employers');
  await page.getByRole('button', { name: 'New employer' }).click();
  const form = page.getByRole('dialog', { name: 'New employer' });
  const employerEmail = freshEmail('employer');
  await form.getByRole('textbox', { name: 'Full name' }).fill('Eli Employer');
  await form.getByRole('textbox', { name: 'E-mail' }).fill(employerEmail);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('dialog', { name: 'Eli Employer' })).toBeVisible();

  const employerContext = await browser.newContext();
  const employer = await employerContext.newPage();
  await employer.goto(`/#/forgot-password?email=${encodeURIComponent(employerEmail)}&code=1`);
  await enterCode(employer, await waitForCode(employerEmail));
  await employer.getByLabel(/^New password/).fill('a-long-employer-pass-1');
  await employer.getByRole('button', { name: 'Change password' }).click();
  await expect(employer).toHaveURL(/#\/login/);
  await employer.getByLabel(/^Password/).fill('a-long-employer-pass-1');
  await employer.getByRole('button', { name: 'Sign in' }).click();
  await expect(employer).toHaveURL(/#\/EmployerCompanyManagement/);
  await employerContext.close();

  // The dashboard counts moved: one job seeker and one employer more.
  expect(await figure(page, 'Job seekers')).toBe(seekersBefore + 1);
  expect(await figure(page, 'Employers')).toBe(employersBefore + 1);
});
