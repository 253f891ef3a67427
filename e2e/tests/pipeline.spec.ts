import type { APIRequestContext } from '@playwright/test';
import { demo, demoPassword, expect, loginAs, test } from '../support/fixtures';
import { e2eEnv } from '../support/env';

interface Applicant {
  id: number;
  status: string;
  applicant: { id: number; full_name: string; email: string };
}

async function employerApi(request: APIRequestContext) {
  const login = await request.post(`${e2eEnv.baseURL}/api/login/`, { data: { email: demo.employer, password: demoPassword } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { Authorization: `Bearer ${accessToken}` };
  const get = async <T>(path: string) => (await (await request.get(`${e2eEnv.baseURL}${path}`, { headers })).json()) as T;
  return { get };
}

/** A demo applicant (…@example.net) still "applied" to one of Northwind Labs' jobs, with no conversation yet. */
async function freshApplicant(request: APIRequestContext, skip: Set<number> = new Set()) {
  const api = await employerApi(request);
  const mine = await api.get<{ results: Array<{ id: number }> }>('/api/jobs/mine/?page_size=50');
  const rooms = await api.get<{ results: Array<{ jobseeker: { id: number } }> }>('/api/chatrooms/?page_size=100');
  const talking = new Set(rooms.results.map((r) => r.jobseeker.id));
  for (const job of mine.results) {
    const list = await api.get<{ results: Applicant[] }>(`/api/jobs/${job.id}/applicants/?status=applied&page_size=50`);
    const found = list.results.find((a) => a.applicant.email.endsWith('@example.net') && !talking.has(a.applicant.id) && !skip.has(a.id));
    if (found) return { jobId: job.id, ...found };
  }
  throw new Error('no demo applicant left to act on');
}

test('a bulk rejection with a template reaches the job seeker in chat', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const target = await freshApplicant(request);
  const employer = await (await browser.newContext()).newPage();
  await loginAs(employer, demo.employer);
  await employer.goto(`/#/EmployerJobapplicants/${target.jobId}?status=applied`);
  await employer.getByRole('checkbox', { name: `Select ${target.applicant.full_name}` }).check();
  const bar = employer.getByRole('region', { name: 'Act on the selected applicants' });
  await expect(bar.getByText('1 selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Reject with a message…' }).click();
  const dialog = employer.getByRole('dialog');
  await dialog.getByLabel('Message').first().click();
  await employer.getByRole('option', { name: 'Kind rejection' }).click();
  const first = target.applicant.full_name.split(' ')[0]!;
  await expect(dialog.getByText(`Dear ${first},`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Reject 1' }).click();
  await expect(dialog).toBeHidden();

  const seeker = await (await browser.newContext()).newPage();
  await loginAs(seeker, target.applicant.email);
  await seeker.goto('/#/chat');
  await seeker.getByRole('link', { name: /Northwind Labs/ }).click();
  await expect(seeker.getByRole('log', { name: 'Messages' }).getByText(`Dear ${first},`)).toBeVisible();
});

test("a note that mentions a teammate rings the teammate's bell", async ({ browser, request }) => {
  test.setTimeout(90_000);
  const target = await freshApplicant(request);
  const recruiter = await (await browser.newContext()).newPage();
  await loginAs(recruiter, 'recruiter@example.com');
  await recruiter.goto('/#/dashboard/employer');
  const bell = recruiter.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  const before = (await bell.getAttribute('aria-label')) ?? '';

  const employer = await (await browser.newContext()).newPage();
  await loginAs(employer, demo.employer);
  await employer.goto(`/#/EmployerJobapplicants/${target.jobId}?applicant=${target.id}&status=applied`);
  const note = employer.getByRole('textbox', { name: /Add a note/ });
  await note.fill('Lovely cover letter. @Jord');
  await employer.getByRole('button', { name: '@Jordan Blake' }).click();
  await note.pressSequentially('can you call them this week?');
  await employer.getByRole('button', { name: 'Add note' }).click();
  await expect(employer.getByText('Lovely cover letter. @Jordan Blake can you call them this week?')).toBeVisible();

  // Without a reload, the recruiter's bell counts the mention; the notice leads to the note.
  await expect(bell).not.toHaveAttribute('aria-label', before);
  await bell.click();
  await recruiter.getByText(`Priya Raman mentioned you in a note on ${target.applicant.full_name}`, { exact: false }).first().click();
  await expect(recruiter.getByText('Lovely cover letter. @Jordan Blake can you call them this week?')).toBeVisible();
});

test("the job seeker reads each application's timeline", async ({ page }) => {
  await loginAs(page, demo.seeker);
  await page.goto('/#/jobseekerapplications');
  const row = page.getByRole('listitem').filter({ hasText: 'Northwind Labs' }).filter({ hasText: 'Reviewed' }).first();
  await row.getByRole('button', { name: 'Show timeline' }).click();
  const timeline = row.getByLabel('Timeline');
  await expect(timeline.getByText(/^Applied to /)).toBeVisible();
  await expect(timeline.getByText('First viewed by Northwind Labs')).toBeVisible();
  await expect(timeline.getByText('Moved to Reviewed')).toBeVisible();
});
