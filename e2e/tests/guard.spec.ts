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
  // Told why, with the way back to their own dashboard.
  await expect(page.getByText('That page is for administrators')).toBeVisible();
  await expect(page.getByText(/You are signed in as a job seeker/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '#/dashboard/jobseeker');
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
  await expect(page.getByRole('heading', { level: 1, name: 'This page does not exist' })).toBeVisible();
});
