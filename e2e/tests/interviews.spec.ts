import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { demo, demoPassword, expect, loginAs, test } from '../support/fixtures';
import { e2eEnv } from '../support/env';

const secondEmployer = 'hiring@bluepeak.example.com';

async function tokenFor(request: APIRequestContext, email: string) {
  const res = await request.post(`${e2eEnv.baseURL}/api/login/`, { data: { email, password: demoPassword } });
  return ((await res.json()) as { accessToken: string }).accessToken;
}

test('the employer offers three times, the job seeker picks one and downloads the invite, the employer gives feedback, the job seeker shows it, a second employer sees it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // The demo seeker's application to Northwind Labs that has no interview yet.
  const seekerToken = await tokenFor(request, demo.seeker);
  const applied = (await (
    await request.get(`${e2eEnv.baseURL}/api/myapplications/?status=applied`, { headers: { Authorization: `Bearer ${seekerToken}` } })
  ).json()) as { results: { id: number; job: { id: number; title: string; company: { name: string } } }[] };
  const application = applied.results.find((a) => a.job.company.name === 'Northwind Labs');
  if (!application) throw new Error('the demo seeker has no open application to Northwind Labs');
  const { title } = application.job;

  // The employer offers three times from the applicants list.
  await loginAs(page, demo.employer);
  await page.goto(`/#/EmployerJobapplicants/${application.job.id}`);
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Jordan Lee', exact: true }) });
  await row.getByRole('link', { name: 'Schedule interview' }).click();
  await expect(page.getByRole('heading', { name: 'Interview with Jordan Lee' })).toBeVisible();
  await page.getByText('Offer times to pick').click();
  // Next month: every day there is in the future, and clear of the demo's interviews.
  await page.locator('button[data-direction="next"]').click();
  const days = page.locator('.mantine-DatePicker-day:not([data-outside]):not([data-disabled])');
  for (const n of [9, 10, 11]) {
    await days.nth(n).click();
    await page.getByRole('button', { name: 'Add this time' }).click();
  }
  await expect(page.getByRole('list', { name: 'Offered times' }).getByRole('listitem')).toHaveCount(3);
  await page.getByRole('textbox', { name: 'Call link' }).fill('https://meet.example.com/e2e');
  await page.getByRole('button', { name: 'Offer 3 times' }).click();
  await expect(page).toHaveURL(/#\/EmployerInterviews/);
  await expect(
    page
      .getByRole('region', { name: 'Waiting for a pick' })
      .getByText(/Jordan Lee/)
      .first(),
  ).toBeVisible();

  // The job seeker picks the second time and downloads the invite.
  const seeker = await browser.newPage();
  const seekerLogin = await loginAs(seeker, demo.seeker);
  await seeker.goto('/#/jobseekerapplications');
  const card = seeker.getByRole('listitem').filter({ has: seeker.getByRole('link', { name: title, exact: true }) });
  const radios = card.getByRole('radio');
  await expect(radios).toHaveCount(3);
  await radios.nth(1).check();
  await card.getByRole('button', { name: 'Pick this time' }).click();
  await expect(card.getByRole('button', { name: 'Add to calendar' })).toBeVisible();
  const [download] = await Promise.all([seeker.waitForEvent('download'), card.getByRole('button', { name: 'Add to calendar' }).click()]);
  const ics = fs.readFileSync((await download.path())!, 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain('METHOD:REQUEST');
  expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);

  // The employer gives feedback on it.
  const employerToken = await tokenFor(request, demo.employer);
  const list = (await (
    await request.get(`${e2eEnv.baseURL}/api/interview-schedules/?application=${application.id}`, {
      headers: { Authorization: `Bearer ${employerToken}` },
    })
  ).json()) as { results: { id: number; status: string }[] };
  const interview = list.results.find((i) => i.status === 'scheduled')!;
  const words = `Thoughtful answers, e2e ${Date.now().toString(36)}.`;
  await page.goto(`/#/interview-feedback/${interview.id}`);
  await page.getByLabel('Stage').first().click();
  await page.getByRole('option', { name: 'First round interview' }).click();
  await page.getByLabel('Score (0–10)').fill('8');
  await page.getByText('Yes', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Feedback', exact: true }).fill(words);
  await page.getByRole('button', { name: 'Give feedback' }).click();
  await expect(page).toHaveURL(/#\/EmployerInterviews/);

  // The job seeker reads it and shows it on the profile.
  await seeker.reload();
  const item = seeker.getByText(words);
  await expect(item).toBeVisible();
  const feedbackCard = seeker.locator('.mantine-Card-root').filter({ hasText: words });
  await feedbackCard.getByRole('switch').click();
  await expect(feedbackCard.getByRole('switch')).toBeChecked();

  // A second employer the job seeker applied to sees it on the profile.
  const other = await browser.newPage();
  await loginAs(other, secondEmployer);
  await other.goto(`/#/jobseekerprofile/${seekerLogin.user.id}`);
  await expect(other.getByRole('heading', { name: 'Verified interview feedback' })).toBeVisible();
  await expect(other.getByText(words)).toBeVisible();
  await expect(other.getByText('Northwind Labs').first()).toBeVisible();
});
