import { demo, expect, loginAs, test } from '../support/fixtures';

const publicScreens = ['/#/', '/#/login', '/#/signup', '/#/verify-otp', '/#/forgot-password', '/#/adminlogin', '/#/no-such-route'];

test('the app satisfies its own Content-Security-Policy on every screen', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const first = await page.goto('/');
  expect(first?.headers()['content-security-policy']).toContain("default-src 'self'");
  for (const screen of publicScreens) {
    await page.goto(screen);
    await page.reload();
    await page.waitForLoadState('networkidle');
  }
  await loginAs(page, demo.admin);
  await page.goto('/#/admindashboard');
  await expect(page.getByText('Sign-ups, last 30 days')).toBeVisible();
  await page.goto('/#/jobseekers');
  // Any person's row (the demo seeker may be on a later page once the journeys have made accounts).
  await expect(
    page
      .getByRole('table')
      .getByRole('button', { name: /^Details of / })
      .first(),
  ).toBeVisible();
  expect(violations).toEqual([]);
});

test('the API documentation renders under the same policy', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/api/docs');
  await expect(page.getByText('/api/signup/').first()).toBeVisible();
  expect(violations).toEqual([]);
});
