import { demo, expect, freshEmail, loginAs, test } from '../support/fixtures';
import { e2eEnv } from '../support/env';
import { waitForMail } from '../support/mail';

/**
 * Job alerts (issue #49): a visitor subscribes and confirms by the e-mailed link; a job seeker saves a
 * search, an employer posts a matching job, the bell rings within 60 s, the alerts page lists the job,
 * and the alert e-mail's link unsubscribes without signing in.
 */
test('a visitor subscribes to a search and confirms it by the e-mailed link', async ({ page }) => {
  const email = freshEmail('alert-visitor');
  await page.goto('/#/?search=engineer');
  await page.getByRole('button', { name: 'Alert me' }).click();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('engineer');
  await page.getByRole('textbox', { name: /Your e-mail address/ }).fill(email);
  await page.getByRole('button', { name: 'E-mail me' }).click();
  await expect(page.getByText(`We sent a link to ${email}`)).toBeVisible();

  const mail = await waitForMail(email, /^Confirm your job alert/);
  const token = /#\/alerts\/confirm\/([\w.-]+)/.exec(mail)![1]!;
  await page.goto(`/#/alerts/confirm/${token}`);
  await expect(page.getByText(`New jobs for “engineer” will be e-mailed to ${email}.`)).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Paused' })).not.toBeChecked();
});

test('a job seeker saves a search; a matching new job rings the bell, shows on the alerts page, and its e-mail unsubscribes', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const word = `zeppelin${Date.now().toString(36)}`;
  await loginAs(page, demo.seeker);
  await page.goto(`/#/?search=${word}`);
  await page.getByRole('button', { name: 'Alert me' }).click();
  await page.getByRole('checkbox', { name: 'By e-mail' }).check();
  await page.getByRole('button', { name: 'Save alert' }).click();
  await expect(page.getByText(`Alert “${word}” saved.`)).toBeVisible();
  await page.goto('/#/dashboard/jobseeker');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toBeVisible();

  // The employer posts a matching job (in a context of their own).
  const employer = await browser.newContext();
  const employerPage = await employer.newPage();
  const { accessToken } = await loginAs(employerPage, demo.employer);
  const posted = await employerPage.request.post(`${e2eEnv.baseURL}/api/jobs/`, {
    headers: { authorization: `Bearer ${accessToken}` },
    data: {
      title: `Zeppelin Pilot (${word})`,
      description: `Fly our ${word} airships over Berlin, with a friendly crew and a weekly safety review.`,
      location: 'Berlin, Germany',
      employment_type: 'Full-time',
      experience_level: 'Mid level',
      status: 'open',
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  await employer.close();

  // The bell rings without a reload, within 60 s, with the alert's notice.
  await bell.click();
  await expect(page.getByText(`1 new job for '${word}'`)).toBeVisible({ timeout: 60_000 });
  await page.keyboard.press('Escape');

  await page.goto('/#/alerts');
  const card = page.getByLabel(`Alert ${word}`);
  await expect(card.getByText('1 new')).toBeVisible();
  await card.getByRole('button', { name: 'Matches' }).click();
  await expect(card.getByRole('link', { name: `Zeppelin Pilot (${word})` })).toBeVisible();

  // The alert's e-mail: its manage link unsubscribes without signing in (in a fresh context).
  const mail = await waitForMail(demo.seeker, new RegExp(`^1 new job for '${word}'`));
  expect(mail).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
  const token = /#\/alerts\/manage\/([\w.-]+)/.exec(mail)![1]!;
  const visitor = await browser.newContext();
  const link = await visitor.newPage();
  await link.goto(`${e2eEnv.baseURL}/#/alerts/manage/${token}`);
  await link.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(link.getByText(`You will get no more e-mails for '${word}'.`, { exact: false })).toBeVisible();
  await visitor.close();
});
