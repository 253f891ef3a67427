import { demo, demoPassword, enterCode, expect, freshEmail, loginAs, test } from '../support/fixtures';
import { e2eEnv } from '../support/env';
import { waitForCode } from '../support/mail';

interface Applicant {
  id: number;
  status: string;
  applicant: { full_name: string };
}

test('the owner invites a recruiter, who joins from the mailed code and moves an applicant; removed, their open tab is told why and leaves the company screens; the admin sees it all in the audit log', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // An applicant of the demo company still at "applied", for the recruiter to move.
  const ownerLogin = await request.post(`${e2eEnv.baseURL}/api/login/`, { data: { email: demo.employer, password: demoPassword } });
  const { accessToken } = (await ownerLogin.json()) as { accessToken: string };
  const auth = { Authorization: `Bearer ${accessToken}` };
  const jobs = (
    (await (await request.get(`${e2eEnv.baseURL}/api/jobs/mine/?page_size=50`, { headers: auth })).json()) as {
      results: { id: number; applicants_count: number }[];
    }
  ).results;
  let target: { jobId: number; applicant: Applicant } | undefined;
  for (const job of jobs.filter((j) => j.applicants_count > 0)) {
    const list = await request.get(`${e2eEnv.baseURL}/api/jobs/${job.id}/applicants/?status=applied`, { headers: auth });
    const first = ((await list.json()) as { results: Applicant[] }).results[0];
    if (first) {
      target = { jobId: job.id, applicant: first };
      break;
    }
  }
  if (!target) throw new Error('the demo company has no applicant at "applied"');

  // The owner invites a new address from company details.
  await loginAs(page, demo.employer);
  await page.goto('/#/EmployerCompanyManagement');
  const team = page.getByRole('region', { name: 'Hiring team' });
  await expect(team.getByText('Jordan Blake')).toBeVisible();
  const email = freshEmail('recruiter');
  const name = `Robin Recruiter ${Date.now().toString(36)}`;
  await team.getByRole('textbox', { name: /Invite a recruiter/ }).fill(email);
  await team.getByRole('button', { name: 'Send invitation' }).click();
  await expect(team.getByText(email)).toBeVisible();

  // The invitee joins with the code from the e-mail, as a new account.
  const recruiterContext = await browser.newContext();
  const recruiter = await recruiterContext.newPage();
  await recruiter.goto('/#/join-team');
  await recruiter.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await enterCode(recruiter, await waitForCode(email));
  await recruiter.getByRole('textbox', { name: 'Your name' }).fill(name);
  await recruiter.getByLabel('Password', { exact: true }).fill('a-long-recruiter-pass');
  await recruiter.getByRole('button', { name: 'Join the team' }).click();
  await expect(recruiter).toHaveURL(/#\/dashboard\/employer/);

  // The recruiter moves the applicant, and the list says who did.
  const applicantName = target.applicant.applicant.full_name;
  await recruiter.goto(`/#/EmployerJobapplicants/${target.jobId}`);
  await recruiter.getByRole('textbox', { name: 'Search applicants by name' }).fill(applicantName);
  await recruiter.getByRole('button', { name: 'Search' }).click();
  const row = recruiter.getByRole('listitem').filter({ has: recruiter.getByRole('link', { name: applicantName }) });
  await expect(row).toHaveCount(1);
  await row.getByLabel(`Move ${applicantName} to`).click();
  await recruiter.getByRole('option', { name: 'Reviewed' }).click();
  await expect(row.getByText(`Last moved by ${name}`)).toBeVisible();

  // The owner removes the recruiter.
  await page.reload();
  await expect(team.getByText(name)).toBeVisible();
  await team.getByRole('button', { name: `Remove ${name} from the team` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove from the team' }).click();
  await expect(team.getByText(name)).toHaveCount(0);

  // The recruiter's open tab is told at once, and leaves the company's screens for the company
  // screen, still signed in: what happened and what they can do next.
  await expect(recruiter).toHaveURL(/#\/EmployerCompanyManagement/);
  await expect(recruiter.getByText(/^You are no longer on the hiring team of /)).toBeVisible();
  await expect(recruiter.getByRole('link', { name: 'Join a hiring team' })).toBeVisible();
  // A company screen opened again leads there too.
  await recruiter.goto('/#/EmployerJobManagement');
  await expect(recruiter).toHaveURL(/#\/EmployerCompanyManagement/);
  await recruiterContext.close();

  // The admin sees the recruiter's move and the team changes in the audit log.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAs(admin, demo.admin);
  await admin.goto(`/#/admin/audit?actor_email=${encodeURIComponent(email)}`);
  const table = admin.getByRole('table');
  await expect(table.getByText('Application status changed').first()).toBeVisible();
  await expect(table.getByText('Team member joined').first()).toBeVisible();
  await admin.goto('/#/admin/audit?action=team.member_removed');
  await expect(admin.getByRole('table').getByText('Team member removed').first()).toBeVisible();
  await adminContext.close();
});
