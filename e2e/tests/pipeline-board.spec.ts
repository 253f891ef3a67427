import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, expectVisibleFocus, tabTo } from '../support/a11y';
import { e2eEnv } from '../support/env';
import { demo, demoPassword, expect, freshEmail, loginAs, test } from '../support/fixtures';
import { waitForCode } from '../support/mail';

/**
 * The hiring board (issue #50): the employer drags one applicant to the next column, moves another
 * by keyboard alone (with what a screen reader hears), and a move the rules refuse puts the card
 * back with the reason. Applicants made for the run and searched by the run's tag, so the demo's
 * applicants stay as seeded.
 */

/** A small valid PDF, made here. */
function tinyPdf(): Buffer {
  const body = ['%PDF-1.4', '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj', '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj'];
  return Buffer.from([...body, 'trailer << /Root 1 0 R >>', '%%EOF'].join('\n'), 'latin1');
}

/** A job seeker (signed up with the mailed code, a resume on the profile) who applies to the job. */
async function applicant(request: APIRequestContext, fullName: string, jobId: number) {
  const email = freshEmail('board');
  const password = 'a-long-unusual-pass';
  const signup = await request.post(`${e2eEnv.baseURL}/api/signup/`, { data: { email, password, full_name: fullName, role: 'jobseeker' } });
  expect(signup.status(), await signup.text()).toBe(201);
  const verified = await request.post(`${e2eEnv.baseURL}/api/verify-otp/`, { data: { email, otp: await waitForCode(email) } });
  const headers = { Authorization: `Bearer ${((await verified.json()) as { accessToken: string }).accessToken}` };
  const profile = await request.put(`${e2eEnv.baseURL}/api/jobseek/profile/`, {
    headers,
    multipart: { resume: { name: 'resume.pdf', mimeType: 'application/pdf', buffer: tinyPdf() } },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const applied = await request.post(`${e2eEnv.baseURL}/api/applications/`, { headers, data: { job: jobId, use_profile_resume: true } });
  expect(applied.status(), await applied.text()).toBe(201);
}

const liveRegion = (page: Page) => page.locator('[aria-live="assertive"]');

/** Starts keeping every text the live region takes, so that what a screen reader heard can be read back. */
const keepWhatIsSaid = (page: Page) =>
  page.evaluate(() => {
    const region = document.querySelector('[aria-live="assertive"]')!;
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    new MutationObserver(() => said.push(region.textContent ?? '')).observe(region, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
const whatWasSaid = (page: Page) => page.evaluate(() => (window as unknown as { said: string[] }).said);

test('pipeline board: drag a card to another column, move one by keyboard only, a refused move goes back', async ({ page, request }) => {
  test.setTimeout(120_000);
  const login = await request.post(`${e2eEnv.baseURL}/api/login/`, { data: { email: demo.employer, password: demoPassword } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const mine = await request.get(`${e2eEnv.baseURL}/api/jobs/mine/?page_size=50`, { headers: { Authorization: `Bearer ${accessToken}` } });
  const job = ((await mine.json()) as { results: { id: number; is_public: boolean }[] }).results.find((j) => j.is_public);
  if (!job) throw new Error('the demo employer has no public job');
  const tag = Date.now().toString(36);
  const dragged = `Dana Drag ${tag}`;
  const keyed = `Kai Keys ${tag}`;
  await applicant(request, dragged, job.id);
  await applicant(request, keyed, job.id);

  await loginAs(page, demo.employer);
  await page.goto(`/#/EmployerJobapplicants/${job.id}?view=board`);
  await page.getByRole('textbox', { name: 'Search applicants by name' }).fill(tag);
  await page.keyboard.press('Enter');
  const applied = page.getByRole('region', { name: 'Applied' });
  const reviewed = page.getByRole('region', { name: 'Reviewed' });
  await expect(applied.getByRole('button', { name: new RegExp(dragged) })).toBeVisible();
  await expect(applied.getByRole('button', { name: new RegExp(keyed) })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the applicants board');
  await keepWhatIsSaid(page);

  // 1. Drag and drop (the browser's own drag events).
  await applied.getByRole('listitem').filter({ hasText: dragged }).dragTo(reviewed);
  await expect(reviewed.getByRole('button', { name: new RegExp(dragged) })).toBeVisible();
  await expect(liveRegion(page)).toHaveText(`${dragged} dropped in Reviewed.`);

  // 2. Keyboard alone: Tab to the card, Space picks up, Right chooses Reviewed, Space drops.
  const card = applied.getByRole('button', { name: new RegExp(keyed) });
  await tabTo(page, card, `${keyed}'s card`);
  await page.keyboard.press('Space');
  await expect(liveRegion(page)).toHaveText(
    `Picked up ${keyed}, in Applied. Press right and left arrows to move, space to drop, escape to cancel.`,
  );
  await page.keyboard.press('ArrowRight');
  await expect(liveRegion(page)).toHaveText(`${keyed} is over Reviewed.`);
  await page.keyboard.press('Space');
  await expect(liveRegion(page)).toHaveText(`${keyed} dropped in Reviewed.`);
  const moved = reviewed.getByRole('button', { name: new RegExp(keyed) });
  await expect(moved).toBeFocused();
  await expectVisibleFocus(page, 'the moved card');
  expect((await whatWasSaid(page)).filter((line) => line.includes(keyed))).toEqual([
    `Picked up ${keyed}, in Applied. Press right and left arrows to move, space to drop, escape to cancel.`,
    `${keyed} is over Reviewed.`,
    `Moving ${keyed} to Reviewed.`,
    `${keyed} dropped in Reviewed.`,
  ]);

  // 3. Back to Applied is refused by the status rules: the reason is said and the card goes back.
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(liveRegion(page)).toHaveText(
    `${keyed} could not move to Applied: An application can't go back from reviewed to applied. Back in Reviewed.`,
  );
  await expect(reviewed.getByRole('button', { name: new RegExp(keyed) })).toBeFocused();
  await expect(applied.getByRole('button', { name: new RegExp(keyed) })).toHaveCount(0);

  // The server kept both moves.
  await page.reload();
  await expect(reviewed.getByRole('button', { name: new RegExp(dragged) })).toBeVisible();
  await expect(reviewed.getByRole('button', { name: new RegExp(keyed) })).toBeVisible();
  await expect(applied.getByText('Nobody here matches.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the board after the moves');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expectNoSeriousA11yViolations(page, 'the board in the dark scheme');
});
