import type { Locator } from '@playwright/test';
import { demo, demoPassword, expect, loginAs, test } from '../support/fixtures';

// What people tripped over on a phone (issue #15): the header, the status filter, the toasts.
test.use({ viewport: { width: 390, height: 844 } });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

test('a visitor finds both Sign in and Sign up in the header, and the menu does not repeat them', async ({ page }) => {
  await page.goto('/#/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign up', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const menu = page.locator('#phone-navigation');
  await expect(menu.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(menu.getByRole('link', { name: /Sign in|Create an account/ })).toHaveCount(0);
});

test('the status filter of Applications stays on one row that scrolls sideways', async ({ page }) => {
  await loginAs(page, demo.seeker);
  await page.goto('/#/jobseekerapplications');
  const filter = page.getByRole('group', { name: 'Filter by status' });
  await expect(filter.getByText('All', { exact: true })).toBeVisible();
  const chips = filter.locator('label');
  await expect(chips).toHaveCount(9);
  const tops = new Set<number>();
  for (const chip of await chips.all()) tops.add(Math.round((await chip.boundingBox())?.y ?? -1));
  expect([...tops]).toHaveLength(1);
  expect(await filter.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  // The last status can be reached and chosen.
  await filter.getByText('Withdrawn').click();
  await expect(page).toHaveURL(/status=withdrawn/);
});

test('neither applications screen scrolls sideways at 390 px (the status row ends at the screen edge)', async ({ page }) => {
  const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await loginAs(page, demo.seeker);
  await page.goto('/#/jobseekerapplications');
  await expect(page.getByRole('group', { name: 'Filter by status' })).toBeVisible();
  expect(await sideways()).toBe(0);
  await loginAs(page, demo.employer);
  await page.goto('/#/EmployerJobapplicants/2');
  await expect(page.getByRole('group', { name: 'Filter by status' })).toBeVisible();
  expect(await sideways()).toBe(0);
});

test('signing in puts no toast over the next screen; a toast fits the phone', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(demo.employer);
  await page.getByRole('textbox', { name: 'Password' }).fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/#\/dashboard\/employer$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Post a job' })).toBeVisible();
  // The greeting is the dashboard's heading; no "Welcome" toast covers it (issue #54).
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  // A confirmation toast, when one shows, stays within the screen's width.
  await page.goto('/#/EmployerCompanyManagement');
  await page.getByRole('button', { name: 'Save changes' }).click();
  const toast = page.locator('.mantine-Notification-root').first();
  await expect(toast).toBeVisible();
  const t = await box(toast);
  expect(t.x).toBeGreaterThanOrEqual(0);
  expect(t.x + t.width).toBeLessThanOrEqual(390);
});
