import fs from 'node:fs';
import yauzl from 'yauzl';
import { demo, demoPassword, expect, loginAs, test } from '../support/fixtures';
import { e2eEnv } from '../support/env';

/** The names of a zip's entries and the text of one of them. */
async function readZip(file: string): Promise<{ names: string[]; text: (name: string) => Promise<string> }> {
  const open = () =>
    new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(file, { lazyEntries: true }, (error, zip) => (error ? reject(error) : resolve(zip))),
    );
  const entries: yauzl.Entry[] = [];
  const zip = await open();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  const text = async (name: string) => {
    const again = await open();
    return new Promise<string>((resolve, reject) => {
      again.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== name) return again.readEntry();
        again.openReadStream(entry, (error, stream) => {
          if (error) return reject(error);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        });
      });
      again.on('end', () => reject(new Error(`no ${name} in the zip`)));
      again.readEntry();
    });
  };
  return { names: entries.map((e) => e.fileName), text };
}

test('a job seeker downloads a copy of their data from the account menu and opens the zip', async ({ page }) => {
  await loginAs(page, demo.seeker);
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Download my data' }).click();
  await expect(page).toHaveURL(/#\/account\/privacy$/);
  await page.getByRole('button', { name: 'Make a copy of my data' }).click();
  // Made in the background; the list shows it ready.
  const downloadButton = page.getByRole('button', { name: 'Download zip' }).first();
  await expect(downloadButton).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
  expect(download.suggestedFilename()).toMatch(/^hireloop-data-\d{4}-\d\d-\d\d\.zip$/);
  const file = await download.path();
  expect(fs.statSync(file).size).toBeGreaterThan(1000);
  const zip = await readZip(file);
  for (const name of ['README.txt', 'account.json', 'profile.json', 'applications.json', 'messages.json', 'files.json']) {
    expect(zip.names).toContain(name);
  }
  expect(zip.names.some((n) => n.startsWith('files/'))).toBe(true);
  expect(JSON.parse(await zip.text('account.json'))).toMatchObject({ email: demo.seeker });
  expect(await zip.text('README.txt')).toContain('applications.json');
});

test('a job seeker deletes their account: they cannot sign in, and the employer’s chat shows "Former member"', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  // The demo employer opens a conversation with one of their applicants (…@example.net) and writes.
  const login = await request.post(`${e2eEnv.baseURL}/api/login/`, { data: { email: demo.employer, password: demoPassword } });
  const auth = { Authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
  const mine = (await (await request.get(`${e2eEnv.baseURL}/api/jobs/mine/?page_size=50`, { headers: auth })).json()) as {
    results: { id: number }[];
  };
  let person: { id: number; email: string; full_name: string } | undefined;
  let jobId = 0;
  for (const job of mine.results) {
    jobId = job.id;
    const list = (await (await request.get(`${e2eEnv.baseURL}/api/jobs/${job.id}/applicants/`, { headers: auth })).json()) as {
      results: { status: string; applicant: { id: number; email: string; full_name: string } }[];
    };
    // One whose application stands (a company may not open a conversation after a withdrawal).
    person = list.results.find((r) => r.status !== 'withdrawn' && r.applicant.email.endsWith('@example.net'))?.applicant;
    if (person) break;
  }
  if (!person) throw new Error('the demo employer has no applicant');
  const opened = await request.post(`${e2eEnv.baseURL}/api/chatrooms/get_or_create/`, { headers: auth, data: { jobseeker_id: person.id, job_id: jobId } });
  expect(opened.ok(), await opened.text()).toBe(true);
  const room = (await opened.json()) as { id: number };
  await request.post(`${e2eEnv.baseURL}/api/chatrooms/${room.id}/messages/`, { headers: auth, data: { content: 'Thanks for applying!' } });

  // The job seeker deletes the account from the account menu.
  const seekerContext = await browser.newContext();
  const seeker = await seekerContext.newPage();
  await loginAs(seeker, person.email);
  await seeker.getByRole('button', { name: /^Account menu for/ }).click();
  await seeker.getByRole('menuitem', { name: 'Delete account' }).click();
  await expect(seeker.getByRole('heading', { name: 'Delete my account' })).toBeVisible();
  await seeker.getByLabel('Your password').fill('not-my-password');
  await seeker.getByRole('button', { name: 'Delete my account' }).click();
  await expect(seeker.getByText('That password is not right.')).toBeVisible();
  await seeker.getByLabel('Your password').fill(demoPassword);
  await seeker.getByRole('button', { name: 'Delete my account' }).click();
  await expect(seeker.getByText('Your account is deleted.')).toBeVisible();

  // Signing in again fails.
  await seeker.goto('/#/login');
  await seeker.getByLabel('E-mail').fill(person.email);
  await seeker.getByRole('textbox', { name: 'Password' }).fill(demoPassword);
  await seeker.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(seeker.getByText('That e-mail and password do not match an account.')).toBeVisible();
  await seekerContext.close();

  // The employer's conversation stays, with a "Former member".
  const employerContext = await browser.newContext();
  const employer = await employerContext.newPage();
  await loginAs(employer, demo.employer);
  await employer.goto(`/#/employer/chat/${room.id}`);
  await expect(employer.getByText('Thanks for applying!')).toBeVisible();
  await expect(employer.getByText('Former member').first()).toBeVisible();
  await expect(employer.getByText(person.full_name)).toHaveCount(0);
  await employerContext.close();
});
