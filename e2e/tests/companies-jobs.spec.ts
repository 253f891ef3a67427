import { demo, enterCode, expect, freshEmail, loginAs, test } from '../support/fixtures';
import { waitForCode } from '../support/mail';

/** Letters only, so the search reads it as one word that no other job has. */
function uniqueWord(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let word = 'kelpwrangler';
  for (let i = 0; i < 6; i += 1) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

test('a new employer’s job goes public once the admin approves the company, and a visitor finds it', async ({ page, browser }) => {
  const email = freshEmail('hiring');
  const word = uniqueWord();
  const companyName = `Kelp Works ${word.slice(-6)}`;
  const jobTitle = `Seaweed Logistics Lead ${word.slice(-6)}`;

  // 1. A new employer signs up with the code from the e-mail, and is sent to company details first.
  await page.goto('/#/signup');
  await page.getByRole('radio', { name: /hire people/i }).click();
  await page.getByLabel('Full name').fill('Jordan Reef');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill('a-long-unusual-pass');
  await page.getByRole('button', { name: /create account/i }).click();
  await enterCode(page, await waitForCode(email));
  await expect(page).toHaveURL(/#\/EmployerCompanyManagement/);

  // 2. It submits the company and lands on job management, told why its jobs are not public yet.
  await page.getByRole('textbox', { name: /Company name/ }).fill(companyName);
  await page.getByRole('textbox', { name: 'Website' }).fill('https://kelp.example');
  await page.getByRole('textbox', { name: 'Industry' }).fill('Aquaculture');
  await page.getByRole('combobox', { name: 'Company size' }).click();
  await page.getByRole('option', { name: '11-50 people' }).click();
  await page.getByRole('textbox', { name: 'Headquarters' }).fill('Reykjavik, Iceland');
  await page.getByRole('textbox', { name: 'About the company' }).fill('We farm kelp in the North Atlantic.\nCalm seas, careful work.');
  await page.getByRole('button', { name: 'Submit company' }).click();
  await expect(page).toHaveURL(/#\/EmployerJobManagement/);
  await expect(page.getByText('Your jobs are not public yet')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('companyDetailsSubmitted'))).toBe('true');

  // 3. It posts a job, which is not public: an anonymous visitor cannot open it.
  await page.getByRole('button', { name: 'Post a job' }).first().click();
  const form = page.getByRole('dialog', { name: 'Post a job' });
  await form.getByRole('textbox', { name: /Job title/ }).fill(jobTitle);
  await form.getByRole('combobox', { name: /Employment type/ }).click();
  await page.getByRole('option', { name: 'Contract' }).click();
  await form.getByRole('combobox', { name: /Experience level/ }).click();
  await page.getByRole('option', { name: 'Senior level' }).click();
  await form.getByRole('textbox', { name: /Location/ }).fill('Reykjavik, Iceland');
  await form.getByRole('switch', { name: /Remote work possible/ }).check();
  await form.getByRole('textbox', { name: 'Salary from (a year)' }).fill('70000');
  await form.getByRole('textbox', { name: 'Salary to (a year)' }).fill('90000');
  await form
    .getByRole('textbox', { name: /Description/ })
    .fill(`You lead the logistics of our kelp harvest.\n\nThe team calls this role the ${word}: boats, trucks and patience.`);
  await form.getByRole('button', { name: 'Post job' }).click();
  await expect(form).toBeHidden();

  const jobLink = page.getByRole('link', { name: jobTitle });
  await expect(jobLink).toBeVisible();
  const row = page.getByRole('listitem').filter({ has: jobLink });
  await expect(row.getByText('Not public: Awaiting approval')).toBeVisible();
  const jobId = /^\/jobs\/(\d+)$/.exec((await jobLink.getAttribute('href')) ?? '')?.[1];
  expect(jobId).toBeTruthy();

  const visitor = await browser.newPage();
  expect((await visitor.request.get(`/api/jobs/${jobId}/`)).status()).toBe(404);
  await visitor.goto(`/#/job/${jobId}`);
  await expect(visitor.getByText('This job is no longer available')).toBeVisible();

  // 4. The admin approves the company at #/companies.
  const admin = await browser.newPage();
  await loginAs(admin, demo.admin);
  await admin.goto('/#/companies');
  await admin.getByRole('textbox', { name: 'Search companies by name' }).fill(companyName);
  const approve = admin.getByRole('button', { name: `Approve ${companyName}` }).first();
  await approve.click();
  await expect(admin.getByRole('button', { name: `Unapprove ${companyName}` }).first()).toBeVisible();
  await expect(admin.getByText('Approved', { exact: true }).first()).toBeVisible();

  // 5. A visitor finds the job by a word of its description with two filters set, and opens it.
  await visitor.goto('/#/');
  await visitor.getByRole('searchbox', { name: 'Job title, skill or company' }).fill(word);
  await visitor.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(visitor.getByRole('status')).toHaveText(`1 job for “${word}”`);
  const filters = visitor.getByRole('complementary', { name: 'Filters' });
  await filters.getByRole('radio', { name: /^Remote/ }).click();
  await expect(visitor).toHaveURL(/is_remote=true/);
  await filters.getByRole('checkbox', { name: /^Contract/ }).click();
  await expect(visitor).toHaveURL(/employment_type=Contract/);
  await expect(visitor.getByRole('button', { name: 'Remove filter: Remote' })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Remove filter: Contract' })).toBeVisible();
  const searchUrl = visitor.url();
  expect(searchUrl).toContain(`search=${word}`);

  await visitor.getByRole('link', { name: jobTitle }).click();
  await expect(visitor).toHaveURL(new RegExp(`#/job/${jobId}$`));
  await expect(visitor.getByRole('heading', { level: 1, name: jobTitle })).toBeVisible();
  await expect(visitor.getByText(companyName).first()).toBeVisible();

  // The address alone brings the job back.
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1, name: jobTitle })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Sign in to apply' }).first()).toBeVisible();

  // 6. Back restores the search with its filters.
  await visitor.goBack();
  await expect(visitor).toHaveURL(searchUrl);
  await expect(visitor.getByRole('searchbox', { name: 'Job title, skill or company' })).toHaveValue(word);
  await expect(visitor.getByRole('button', { name: 'Remove filter: Remote' })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Remove filter: Contract' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: jobTitle })).toBeVisible();
});
