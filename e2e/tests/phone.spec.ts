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

test('the welcome toast after signing in covers no button', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(demo.employer);
  await page.getByRole('textbox', { name: 'Password' }).fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const toast = page.getByText(/^Welcome, /);
  await expect(toast).toBeVisible();
  await expect(page).toHaveURL(/#\/dashboard\/employer$/);
  const postJob = page.getByRole('link', { name: 'Post a job' });
  await expect(postJob).toBeVisible();
  const t = await box(page.locator('.mantine-Notification-root').filter({ has: toast }));
  for (const button of [
    postJob,
    page.getByRole('button', { name: /Account menu/ }),
    page.getByRole('button', { name: 'Open navigation' }),
  ]) {
    const b = await box(button);
    const overlaps = t.x < b.x + b.width && b.x < t.x + t.width && t.y < b.y + b.height && b.y < t.y + t.height;
    expect(overlaps, (await button.textContent()) ?? 'a button').toBe(false);
  }
});
