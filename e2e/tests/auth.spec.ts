import { demo, demoPassword, enterCode, expect, freshEmail, loginAs, test } from '../support/fixtures';
import { mailCount, waitForCode } from '../support/mail';

test.describe('sign up', () => {
  test('a job seeker signs up, gets the code by e-mail and lands signed in', async ({ page }) => {
    const email = freshEmail('seeker');
    await page.goto('/#/signup');
    await page.getByRole('radio', { name: /find a job/i }).click();
    await page.getByLabel('Full name').fill('Morgan Blake');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill('a-long-unusual-pass');
    await page.getByRole('button', { name: /create account/i }).click();
    await expect(page).toHaveURL(/#\/verify-otp/);
    await enterCode(page, await waitForCode(email));
    await expect(page).toHaveURL(/#\/dashboard\/jobseeker/);
    await expect(page.getByText('Morgan Blake').first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('role'))).toBe('jobseeker');
  });

  test('an employer signs up and is sent to company details first', async ({ page }) => {
    const email = freshEmail('employer');
    await page.goto('/#/signup');
    await page.getByRole('radio', { name: /hire people/i }).click();
    await page.getByLabel('Full name').fill('Casey Grant');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill('a-long-unusual-pass');
    await page.getByRole('button', { name: /create account/i }).click();
    await enterCode(page, await waitForCode(email));
    await expect(page).toHaveURL(/#\/EmployerCompanyManagement/);
    // The guard keeps an employer without company details out of company-only screens.
    await page.goto('/#/dashboard/employer');
    await expect(page).toHaveURL(/#\/EmployerCompanyManagement/);
  });

  test('the server’s field errors show next to the fields', async ({ page }) => {
    await page.goto('/#/signup');
    await page.getByLabel('Full name').fill('Pat');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(freshEmail('common'));
    // Long enough for the browser's check; the server knows it is one of the most common passwords.
    await page.getByRole('textbox', { name: 'Password' }).fill('password123');
    await page.getByRole('button', { name: /create account/i }).click();
    await expect(page.getByText(/too common/i).first()).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveValue('Pat');
  });
});

test.describe('sign in', () => {
  test('the job seeker signs in with e-mail and password', async ({ page }) => {
    await page.goto('/#/login');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(demo.seeker);
    await page.getByRole('textbox', { name: 'Password' }).fill(demoPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/#\/dashboard\/jobseeker/);
  });

  test('the employer signs in and lands on the employer dashboard', async ({ page }) => {
    await page.goto('/#/login');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(demo.employer);
    await page.getByRole('textbox', { name: 'Password' }).fill(demoPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/#\/dashboard\/employer/);
    expect(await page.evaluate(() => localStorage.getItem('companyDetailsSubmitted'))).toBe('true');
  });

  test('the admin signs in at the admin sign-in and sees the dashboard', async ({ page }) => {
    await page.goto('/#/adminlogin');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(demo.admin);
    await page.getByRole('textbox', { name: 'Password' }).fill(demoPassword);
    await page.getByRole('button', { name: /sign in/i }).click();
    await expect(page).toHaveURL(/#\/admindashboard/);
    await expect(page.getByRole('group', { name: 'Job seekers', exact: true })).toBeVisible();
  });

  test('a wrong password says so and keeps what was typed', async ({ page }) => {
    await page.goto('/#/login');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(demo.seeker);
    await page.getByRole('textbox', { name: 'Password' }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText(/do not match/i)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(demo.seeker);
  });

  test('signs in with a one-time code sent by e-mail', async ({ page }) => {
    await page.goto('/#/login');
    const before = mailCount(demo.seeker);
    await page.getByRole('button', { name: 'E-mail code' }).click();
    await page.getByRole('textbox', { name: 'E-mail' }).fill(demo.seeker);
    await page.getByRole('button', { name: 'E-mail me a sign-in code' }).click();
    await expect(page).toHaveURL(/#\/verify-otp/);
    await enterCode(page, await waitForCode(demo.seeker, before + 1));
    await expect(page).toHaveURL(/#\/dashboard\/jobseeker/);
  });

  test('resets a forgotten password with an e-mailed code', async ({ page, request }) => {
    const email = freshEmail('reset');
    const signup = await request.post('/api/signup/', {
      data: { email, password: 'first-long-password', full_name: 'Riley Shaw', role: 'jobseeker' },
    });
    expect(signup.status()).toBe(201);
    await page.goto('/#/forgot-password');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    const code = await waitForCode(email, 2);
    await page.getByLabel('Code digit 1 of 6').click();
    await page.keyboard.type(code);
    await page.getByRole('textbox', { name: 'New password' }).fill('second-long-password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/#\/login/);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill('second-long-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/#\/dashboard\/jobseeker/);
  });
});

test.describe('session', () => {
  test('stays signed in across reloads, and signing out clears the stored session', async ({ page }) => {
    await loginAs(page, demo.seeker);
    await page.goto('/#/dashboard/jobseeker');
    await page.reload();
    await expect(page).toHaveURL(/#\/dashboard\/jobseeker/);
    await page.evaluate(() => localStorage.setItem('jobId', '42'));
    await page
      .getByRole('button', { name: /sign out/i })
      .first()
      .click();
    await expect(page).toHaveURL(/#\/(login)?$/);
    const left = await page.evaluate(() => ['accessToken', 'refreshToken', 'role', 'user', 'jobId'].map((k) => localStorage.getItem(k)));
    expect(left).toEqual([null, null, null, null, null]);
  });

  test('an expired access token is refreshed once and the request retried', async ({ page }) => {
    await loginAs(page, demo.admin);
    await page.evaluate(() => localStorage.setItem('accessToken', 'expired.or.garbage'));
    // The demo job seeker by name: the list's first page holds the newest people.
    await page.goto(`/#/jobseekers?search=${encodeURIComponent(demo.seeker)}`);
    await page.reload();
    await expect(page.getByRole('table').getByText(demo.seeker)).toBeVisible();
    const access = await page.evaluate(() => localStorage.getItem('accessToken'));
    expect(access).not.toBe('expired.or.garbage');
  });

  test('a failed refresh removes both tokens and goes to #/login', async ({ page }) => {
    await loginAs(page, demo.admin);
    await page.evaluate(() => {
      localStorage.setItem('accessToken', 'expired.or.garbage');
      localStorage.setItem('refreshToken', 'revoked');
    });
    await page.goto('/#/admindashboard');
    await page.reload();
    await expect(page).toHaveURL(/#\/login/);
    expect(await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')])).toEqual([null, null]);
  });
});
