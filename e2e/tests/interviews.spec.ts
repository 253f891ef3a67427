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

test("the scheduler: the interviewer is any member of the company, and the job seeker's own time shows beside the employer's", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // The job seeker signs in from Tokyo: the browser tells the server its zone, once this session.
  const seekerContext = await browser.newContext({ timezoneId: 'Asia/Tokyo' });
  const seeker = await seekerContext.newPage();
  const sent = seeker.waitForResponse((r) => r.url().endsWith('/api/account/') && r.request().method() === 'PATCH');
  const seekerLogin = await loginAs(seeker, demo.seeker);
  expect(((await (await sent).json()) as { time_zone: string }).time_zone).toBe('Asia/Tokyo');

  const seekerHeaders = { Authorization: `Bearer ${seekerLogin.accessToken}` };
  const mine = (await (await request.get(`${e2eEnv.baseURL}/api/myapplications/?page_size=100`, { headers: seekerHeaders })).json()) as {
    results: { id: number; status: string; job: { id: number; company: { name: string } } }[];
  };
  const application = mine.results.find(
    (a) => a.job.company.name === 'Northwind Labs' && !['hired', 'rejected', 'withdrawn'].includes(a.status),
  );
  if (!application) throw new Error('the demo seeker has no open application to Northwind Labs');

  // The employer plans from Berlin.
  const employerContext = await browser.newContext({ timezoneId: 'Europe/Berlin' });
  const page = await employerContext.newPage();
  const employer = await loginAs(page, demo.employer);
  await page.goto(`/#/EmployerJobapplicants/${application.job.id}`);
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Jordan Lee', exact: true }) });
  await row.getByRole('link', { name: 'Schedule interview' }).click();
  await expect(page.getByRole('heading', { name: 'Interview with Jordan Lee' })).toBeVisible();
  const interviewer = page.getByRole('combobox', { name: 'Interviewer' });
  await expect(interviewer).toHaveValue(`${employer.user.full_name} (me)`);

  await page.locator('button[data-direction="next"]').click();
  await page.locator('.mantine-DatePicker-day:not([data-outside]):not([data-disabled])').nth(14).click();
  // 10:00 in Berlin is 17:00 or 18:00 in Tokyo (summer or winter time in Berlin), written in the browser's locale.
  await expect(page.getByText(/^Their time: (1[78]:00|0[56]:00 PM) in Asia\/Tokyo$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Your interviews on/ })).toBeVisible();

  // The recruiter of the team interviews instead: the day shown is theirs.
  await interviewer.click();
  await page.getByRole('option', { name: 'Jordan Blake' }).click();
  await expect(page.getByRole('heading', { name: /^Jordan Blake's interviews on/ })).toBeVisible();
  await page.getByRole('textbox', { name: 'Call link' }).fill('https://meet.example.com/e2e-interviewer');
  await page.getByRole('button', { name: 'Schedule interview' }).click();
  await expect(page).toHaveURL(/#\/EmployerInterviews/);

  const employerHeaders = { Authorization: `Bearer ${employer.accessToken}` };
  const list = (await (
    await request.get(`${e2eEnv.baseURL}/api/interview-schedules/?application=${application.id}&status=scheduled`, {
      headers: employerHeaders,
    })
  ).json()) as { results: { id: number; interviewer: { full_name: string }; meeting_link: string | null }[] };
  const created = list.results.find((i) => i.meeting_link === 'https://meet.example.com/e2e-interviewer');
  expect(created?.interviewer.full_name).toBe('Jordan Blake');

  // Leave the demo as it was: the interview cancelled, the seeker's zone back to the seeded one.
  await request.patch(`${e2eEnv.baseURL}/api/update-interview/${created!.id}/`, {
    headers: employerHeaders,
    data: { status: 'cancelled' },
  });
  await request.patch(`${e2eEnv.baseURL}/api/account/`, { headers: seekerHeaders, data: { time_zone: 'Europe/Berlin' } });
  await Promise.all([seekerContext.close(), employerContext.close()]);
});
