import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, expectVisibleFocus, tabTo } from '../support/a11y';
import { e2eEnv } from '../support/env';
import { demo, demoPassword, expect, freshEmail, loginAs, test } from '../support/fixtures';
import { waitForCode } from '../support/mail';

/**
 * Keyboard only (issue #15): a job seeker applies, the employer schedules the interview and
 * messages them, the job seeker answers; no mouse, and every focus stop on the way visibly
 * focused. A job seeker made for the run, so the demo data the other journeys use stays as seeded.
 */

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

/** A job seeker with a resume on the profile, signed up through the API with the mailed code. */
async function newJobSeeker(request: APIRequestContext, name: string) {
  const email = freshEmail('keyboard');
  const password = 'a-long-unusual-pass';
  const signup = await request.post(`${e2eEnv.baseURL}/api/signup/`, { data: { email, password, full_name: name, role: 'jobseeker' } });
  expect(signup.status(), await signup.text()).toBe(201);
  const verified = await request.post(`${e2eEnv.baseURL}/api/verify-otp/`, { data: { email, otp: await waitForCode(email) } });
  expect(verified.status(), await verified.text()).toBe(200);
  const { accessToken } = (await verified.json()) as { accessToken: string };
  const profile = await request.put(`${e2eEnv.baseURL}/api/jobseek/profile/`, {
    headers: { Authorization: `Bearer ${accessToken}` },
    multipart: { resume: { name: 'keyboard-resume.pdf', mimeType: 'application/pdf', buffer: tinyPdf() } },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  return { email, password };
}

/** Whether the element with the focus is inside `container`. */
const focusIsIn = (page: Page, selector: string) => page.evaluate((s) => Boolean(document.activeElement?.closest(s)), selector);

test('keyboard only: a job seeker applies, the employer schedules an interview and writes, the job seeker answers', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const employerLogin = await request.post(`${e2eEnv.baseURL}/api/login/`, { data: { email: demo.employer, password: demoPassword } });
  const { accessToken } = (await employerLogin.json()) as { accessToken: string };
  const mine = await request.get(`${e2eEnv.baseURL}/api/jobs/mine/?page_size=50`, { headers: { Authorization: `Bearer ${accessToken}` } });
  const job = ((await mine.json()) as { results: { id: number; title: string; is_public: boolean }[] }).results.find((j) => j.is_public);
  if (!job) throw new Error('the demo employer has no public job');
  const name = `Kim Keyboard ${Date.now().toString(36)}`;
  const seekerAccount = await newJobSeeker(request, name);

  const seekerContext = await browser.newContext();
  const employerContext = await browser.newContext();
  const seeker = await seekerContext.newPage();
  const employer = await employerContext.newPage();
  await loginAs(seeker, seekerAccount.email, seekerAccount.password);
  await loginAs(employer, demo.employer);

  // 1. The job seeker applies: Tab to Apply, Enter; in the dialog, Tab to the cover letter, type,
  // Tab to Send application, Enter.
  await seeker.goto(`/#/job/${job.id}`);
  const aside = seeker.getByRole('complementary', { name: 'Actions' });
  await expect(aside.getByRole('button', { name: 'Apply' })).toBeVisible();
  await tabTo(seeker, aside.getByRole('button', { name: 'Apply' }), 'the Apply button');
  await seeker.keyboard.press('Enter');
  const dialog = seeker.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /Your profile resume \(keyboard-resume\.pdf\)/ })).toBeChecked();
  await expectNoSeriousA11yViolations(seeker, 'the apply dialog');
  await tabTo(seeker, dialog.getByLabel('Cover letter'), 'the cover letter');
  expect(await focusIsIn(seeker, '[role="dialog"]'), 'focus stays in the dialog').toBe(true);
  await seeker.keyboard.type('I would love to help, and I use the keyboard only.');
  await tabTo(seeker, dialog.getByRole('button', { name: 'Send application' }), 'Send application');
  await seeker.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(aside.getByText(/Applied on/)).toBeVisible();

  // 2. The employer finds the applicant by name and opens the scheduler, all by keyboard.
  await employer.goto(`/#/EmployerJobapplicants/${job.id}`);
  const search = employer.getByRole('textbox', { name: 'Search applicants by name' });
  await tabTo(employer, search, 'the applicant search');
  await employer.keyboard.type(name);
  const row = employer.getByRole('listitem').filter({ has: employer.getByRole('link', { name, exact: true }) });
  await expect(row).toHaveCount(1);
  await tabTo(employer, row.getByRole('link', { name: 'Schedule interview' }), 'Schedule interview');
  await employer.keyboard.press('Enter');
  await expect(employer.getByRole('heading', { name: `Interview with ${name}` })).toBeVisible();

  // One time, two months ahead (clear of the demo's interviews and the other journeys'): the
  // calendar's month buttons by Enter, a day by the arrow keys, then Enter.
  await tabTo(employer, employer.getByRole('button', { name: 'Next month' }), 'Next month');
  await employer.keyboard.press('Enter');
  await employer.keyboard.press('Enter');
  const calendar = employer.locator('.mantine-DatePicker-day:not([data-outside]):not([data-disabled])');
  await tabTo(employer, employer.locator('.mantine-DatePicker-day[tabindex="0"]'), 'the calendar');
  for (let i = 0; i < 3; i += 1) await employer.keyboard.press('ArrowDown');
  await employer.keyboard.press('ArrowRight');
  await expectVisibleFocus(employer, 'a day of the calendar');
  await employer.keyboard.press('Enter');
  await expect(calendar.and(employer.locator('[data-selected]'))).toHaveCount(1);
  await tabTo(employer, employer.getByRole('textbox', { name: 'Call link' }), 'the call link');
  await employer.keyboard.type('https://meet.example.com/keyboard');
  await tabTo(employer, employer.getByRole('button', { name: 'Schedule interview' }), 'the Schedule interview button');
  await employer.keyboard.press('Enter');
  await expect(employer).toHaveURL(/#\/EmployerInterviews/);
  await expect(employer.getByText(name).first()).toBeVisible();

  // 3. The employer writes to the applicant: back to the applicants, Message, type, Enter.
  await employer.goto(`/#/EmployerJobapplicants/${job.id}`);
  await tabTo(employer, search, 'the applicant search');
  await employer.keyboard.type(name);
  await expect(row).toHaveCount(1);
  await tabTo(employer, row.getByRole('button', { name: `Message ${name}` }), 'the Message button');
  await employer.keyboard.press('Enter');
  await expect(employer).toHaveURL(/#\/employer\/chat\/\d+$/);
  const composer = employer.getByRole('textbox', { name: 'Message' });
  await tabTo(employer, composer, 'the message box');
  const hello = 'Hello, the interview is booked. Anything you need before it?';
  await employer.keyboard.type(hello);
  await employer.keyboard.press('Enter');
  await expect(employer.getByRole('log', { name: 'Messages' }).getByText(hello)).toBeVisible();

  // 4. The job seeker opens the conversation from the list and answers with the Send button.
  await seeker.goto('/#/chat');
  // Their only conversation.
  const conversation = seeker.locator('main a[href*="/chat/"]').first();
  await tabTo(seeker, conversation, 'the conversation');
  await seeker.keyboard.press('Enter');
  await expect(seeker.getByRole('log', { name: 'Messages' }).getByText(hello)).toBeVisible();
  const answer = 'Thank you, nothing more. See you then.';
  await tabTo(seeker, seeker.getByRole('textbox', { name: 'Message' }), 'the message box');
  await seeker.keyboard.type(answer);
  await tabTo(seeker, seeker.getByRole('button', { name: 'Send' }), 'the Send button');
  await seeker.keyboard.press('Enter');
  await expect(employer.getByRole('log', { name: 'Messages' }).getByText(answer)).toBeVisible();

  await seekerContext.close();
  await employerContext.close();
});
