import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { expect, test } from '../support/fixtures';

interface Summary {
  id: number;
  title: string;
  company: { id: number; name: string };
}
interface Search {
  results: Summary[];
  count: number;
}

/**
 * A public job of a demo company with more open jobs than its page shows at once (10), counted by the
 * company page's own search: the answer the page will show, also when the search kept it from before
 * a newer posting of an earlier journey (answers are kept for their time to live, decision 006).
 */
async function jobOfABigCompany(request: APIRequestContext): Promise<{ job: Summary; count: number }> {
  const all = (await (await request.get('/api/jobs/?page_size=100&sort=newest')).json()) as Search;
  for (const companyId of new Set(all.results.map((j) => j.company.id))) {
    const mine = (await (await request.get(`/api/jobs/?company=${companyId}&page=1&page_size=10&sort=newest`)).json()) as Search;
    if (mine.count > 10) return { job: mine.results[0]!, count: mine.count };
  }
  throw new Error('no demo company has more than 10 open jobs');
}

test('a job’s page reads without JavaScript: its text, its structured data, its company link', async ({ browser, request }) => {
  const { job } = await jobOfABigCompany(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(`/jobs/${job.id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(job.title);
  await expect(page.getByRole('link', { name: job.company.name }).first()).toHaveAttribute('href', `/companies/${job.company.id}`);
  await expect(page.getByRole('heading', { name: 'About the job' })).toBeVisible();
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as Record<string, unknown>;
  expect(data).toMatchObject({ '@type': 'JobPosting', title: job.title, directApply: true });
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(new RegExp(`/jobs/${job.id}$`));
  expect((await page.goto('/jobs/999999999'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This job is not available.');
  await context.close();
});

test('with JavaScript the page starts the app on the job’s screen; from there the company’s page pages through its jobs', async ({
  page,
  request,
}) => {
  const { job, count } = await jobOfABigCompany(request);
  await page.goto(`/jobs/${job.id}`);
  await expect(page).toHaveURL(new RegExp(`/#/job/${job.id}$`));
  await expect(page.getByRole('list', { name: 'Job facts' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(job.title);
  await expectNoSeriousA11yViolations(page, 'job screen opened at /jobs/{id}');

  await page.getByRole('link', { name: job.company.name, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/#/company/${job.company.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(job.company.name);
  await expect(page.getByRole('heading', { name: `Open jobs (${count})` })).toBeVisible();
  const list = page.getByRole('list', { name: `Jobs at ${job.company.name}` });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  await expect(list.locator('a[href^="/jobs/"]').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'company screen');

  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(Math.min(count - 10, 10));
  await expect(list.getByRole('link', { name: job.title, exact: true })).toHaveCount(0);

  // A job card's link is the real page; a plain click stays in the app.
  const card = list.locator('a[href^="/jobs/"]').first();
  const href = await card.getAttribute('href');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/#/job/${href!.split('/')[2]}$`));
});

test('a company’s page opened at its real address starts the app on it', async ({ page, request }) => {
  const { job } = await jobOfABigCompany(request);
  await page.goto(`/companies/${job.company.id}`);
  await expect(page).toHaveURL(new RegExp(`/#/company/${job.company.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(job.company.name);
});
