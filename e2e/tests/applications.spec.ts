import { demo, demoPassword, enterCode, expect, freshEmail, loginAs, test } from '../support/fixtures';
import { e2eEnv } from '../support/env';
import { waitForCode } from '../support/mail';

/** A small valid PDF, made here. */
function tinyPdf(): Buffer {
  const body = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n');
  return Buffer.from(body, 'latin1');
}

test('a new job seeker completes the profile, saves and applies; the employer reviews; the seeker sees the new status', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // One of the demo employer's public jobs.
  const employerLogin = await request.post(`${e2eEnv.baseURL}/api/login/`, { data: { email: demo.employer, password: demoPassword } });
  const { accessToken } = (await employerLogin.json()) as { accessToken: string };
  const mine = await request.get(`${e2eEnv.baseURL}/api/jobs/mine/?page_size=50`, { headers: { Authorization: `Bearer ${accessToken}` } });
  const jobs = ((await mine.json()) as { results: { id: number; title: string; is_public: boolean }[] }).results;
  const job = jobs.find((j) => j.is_public);
  if (!job) throw new Error('the demo employer has no public job');

  // Sign up through the UI with the code from the mail peer.
  const email = freshEmail('applicant');
  const name = `Quinn Example ${Date.now().toString(36)}`;
  await page.goto('/#/signup');
  await page.getByRole('radio', { name: /find a job/i }).click();
  await page.getByLabel('Full name').fill(name);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill('a-long-unusual-pass');
  await page.getByRole('button', { name: /create account/i }).click();
  await enterCode(page, await waitForCode(email));
  await expect(page).toHaveURL(/#\/dashboard\/jobseeker/);

  // Profile: a title, a skill and a resume.
  await page.getByRole('link', { name: 'Profile' }).first().click();
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await page.getByLabel('Current job title').fill('Data Analyst');
  await page.getByRole('button', { name: 'Add skill' }).click();
  await page.getByRole('dialog').getByLabel('Skill').fill('SQL');
  await page.getByRole('dialog').getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('SQL', { exact: true })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload resume' }).click();
  await (await chooser).setFiles({ name: 'quinn-resume.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('All changes saved.')).toBeVisible();
  await expect(page.getByText('quinn-resume.pdf')).toBeVisible();

  // Save the job, then apply with a cover letter.
  await page.goto(`/#/job/${job.id}`);
  await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible();
  const aside = page.getByRole('complementary', { name: 'Actions' });
  await aside.getByRole('button', { name: 'Save' }).click();
  await expect(aside.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
  await aside.getByRole('button', { name: 'Apply' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('radio', { name: /Your profile resume \(quinn-resume\.pdf\)/ })).toBeChecked();
  await dialog.getByLabel('Cover letter').fill('I would love to help with this.');
  await dialog.getByRole('button', { name: 'Send application' }).click();
  await expect(dialog).toBeHidden();
  await expect(aside.getByText(/Applied on/)).toBeVisible();

  // In the applications list, and among the saved jobs.
  await aside.getByRole('link', { name: 'Your applications' }).click();
  await expect(page.getByRole('link', { name: job.title })).toBeVisible();
  const applicationRow = page.locator('li').filter({ has: page.getByRole('link', { name: job.title }) });
  await expect(applicationRow.getByText('Applied', { exact: true }).first()).toBeVisible();
  await page.getByRole('tab', { name: 'Saved jobs' }).click();
  await expect(page.getByRole('link', { name: job.title })).toBeVisible();

  // The employer finds the applicant, downloads the resume and moves the status on.
  const employerContext = await browser.newContext();
  const employer = await employerContext.newPage();
  await loginAs(employer, demo.employer);
  await employer.goto(`/#/EmployerJobapplicants/${job.id}`);
  await employer.getByRole('textbox', { name: 'Search applicants by name' }).fill(name);
  await employer.getByRole('button', { name: 'Search' }).click();
  const row = employer.getByRole('listitem').filter({ has: employer.getByRole('link', { name }) });
  await expect(row).toHaveCount(1);
  const download = employer.waitForEvent('download');
  await row.getByRole('button', { name: 'Download resume' }).click();
  expect((await download).suggestedFilename()).toBe('quinn-resume.pdf');
  await row.getByLabel(`Move ${name} to`).click();
  await employer.getByRole('option', { name: 'Reviewed' }).click();
  await expect(row.getByText('Reviewed', { exact: true }).first()).toBeVisible();
  await employerContext.close();

  // The job seeker sees it after a reload.
  await page.getByRole('tab', { name: 'Applications' }).click();
  await page.reload();
  await expect(page.getByRole('link', { name: job.title })).toBeVisible();
  await expect(applicationRow.getByText('Reviewed', { exact: true }).first()).toBeVisible();

  // And the bell says so; its notification leads to the applications.
  await page.getByRole('button', { name: 'Notifications: 1 unread' }).click();
  await page
    .getByRole('button', { name: `Your application to ${job.title} at` })
    .filter({ hasText: 'is now: Reviewed' })
    .click();
  await expect(page).toHaveURL(/#\/jobseekerapplications$/);
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
});

test('a visitor who signs in to apply comes back to the job', async ({ page, request }) => {
  const search = await request.get(`${e2eEnv.baseURL}/api/jobs/?page_size=1`);
  const [job] = ((await search.json()) as { results: { id: number; title: string }[] }).results;
  if (!job) throw new Error('no public job in the demo data');

  await page.goto(`/#/job/${job.id}`);
  await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible();
  await page.getByRole('complementary', { name: 'Actions' }).getByRole('link', { name: 'Sign in to apply' }).click();
  await expect(page).toHaveURL(/#\/login$/);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(demo.seeker);
  await page.getByRole('textbox', { name: 'Password' }).fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`#/job/${job.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: job.title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in to apply' })).toHaveCount(0);
});
