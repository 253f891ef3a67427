import { demo, expect, loginAs, test } from '../support/fixtures';

test('anonymous visitors of guarded routes go to #/login', async ({ page }) => {
  for (const route of ['/admindashboard', '/dashboard/jobseeker', '/dashboard/employer', '/EmployerCompanyManagement']) {
    await page.goto(`/#${route}`);
    await expect(page, route).toHaveURL(/#\/login$/);
  }
});

test('a job seeker on an admin or employer route goes to #/login', async ({ page }) => {
  await loginAs(page, demo.seeker);
  await page.goto('/#/admindashboard');
  await expect(page).toHaveURL(/#\/login$/);
  await page.goto('/#/dashboard/employer');
  await expect(page).toHaveURL(/#\/login$/);
});

test('an employer with company details reaches the employer dashboard, not the admin one', async ({ page }) => {
  await loginAs(page, demo.employer);
  await page.goto('/#/dashboard/employer');
  await expect(page).toHaveURL(/#\/dashboard\/employer$/);
  await page.goto('/#/admindashboard');
  await expect(page).toHaveURL(/#\/login$/);
});

test('an unknown route shows the fallback screen', async ({ page }) => {
  await page.goto('/#/no/such/place');
  await expect(page.getByText('Unexpected Application Error!')).toBeVisible();
});
