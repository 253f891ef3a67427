import type { APIRequestContext, BrowserContextOptions, Page } from '@playwright/test';
import { colourRules, findSeriousA11yViolations } from '../support/a11y';
import { e2eEnv } from '../support/env';
import { demo, demoPassword, expect, test } from '../support/fixtures';

/**
 * axe on every screen, in every role that may open it, in the light and the dark colour scheme:
 * no serious or critical WCAG 2.1 A/AA violation (issue #15). Read-only: it opens screens and
 * dialogs but changes nothing, so the journeys after it see the demo data as seeded.
 */

type RoleName = 'anonymous' | 'job seeker' | 'employer owner' | 'recruiter' | 'admin';
type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

interface Ids {
  publicJobId: number;
  /** The demo owner's company (approved): its page. */
  publicCompanyId: number;
  ownerJobId: number;
  applicationId: number;
  applicantUserId: number;
  interviewId: number;
  seekerRoomId: number;
  ownerRoomId: number;
  seekerId: number;
  ownerId: number;
  recruiterJobId: number;
}

interface Visit {
  /** The in-app address, after `#`. */
  path: string;
  /** What shows once the screen's content (not its loading placeholder) is there. */
  ready: (page: Page) => ReturnType<Page['locator']>;
  /** Opens a dialog or menu on the screen and checks it too. */
  then?: { label: string; open: (page: Page) => Promise<void> };
}

interface LoginBody {
  accessToken: string;
  refreshToken: string;
  role: string;
  user: { id: number; email: string; full_name: string };
  companyDetailsSubmitted: boolean;
}

async function signIn(api: APIRequestContext, email: string): Promise<LoginBody> {
  const path = email === demo.admin ? '/api/admin/login/' : '/api/login/';
  const res = await api.post(path, { data: { email, password: demoPassword } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as LoginBody;
}

/** The signed-in session as the web app keeps it in localStorage (spec section 3), for a new context. */
function storageStateFor(body: LoginBody): StorageState {
  const entries: Record<string, string> = {
    accessToken: body.accessToken,
    refreshToken: body.refreshToken,
    user: JSON.stringify(body.user),
    role: body.role,
    userid: String(body.user.id),
    full_name: body.user.full_name,
    companyDetailsSubmitted: JSON.stringify(body.companyDetailsSubmitted),
  };
  return {
    cookies: [],
    origins: [{ origin: e2eEnv.baseURL, localStorage: Object.entries(entries).map(([name, value]) => ({ name, value })) }],
  };
}

async function getJson<T>(api: APIRequestContext, path: string, token: string): Promise<T> {
  const res = await api.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

const sessions = new Map<RoleName, StorageState>();
let ids: Ids;

test.beforeAll(async ({ playwright }) => {
  const api = await playwright.request.newContext({ baseURL: e2eEnv.baseURL });
  const seeker = await signIn(api, demo.seeker);
  const owner = await signIn(api, demo.employer);
  const recruiter = await signIn(api, 'recruiter@example.com');
  const admin = await signIn(api, demo.admin);
  sessions.set('job seeker', storageStateFor(seeker));
  sessions.set('employer owner', storageStateFor(owner));
  sessions.set('recruiter', storageStateFor(recruiter));
  sessions.set('admin', storageStateFor(admin));

  type Jobs = {
    results: { id: number; is_public: boolean; applicants_count: number; posted_by?: { id: number } | null; company: { id: number } }[];
  };
  const ownerJobs = await getJson<Jobs>(api, '/api/jobs/mine/?page_size=50', owner.accessToken);
  const recruiterJobs = await getJson<Jobs>(api, '/api/jobs/mine/?page_size=50', recruiter.accessToken);
  const withApplicants = ownerJobs.results.find((j) => j.applicants_count > 0);
  const publicJob = ownerJobs.results.find((j) => j.is_public);
  if (!withApplicants || !publicJob) throw new Error('the demo company has no public job with applicants');
  const applicants = await getJson<{ results: { id: number; applicant: { id: number } }[] }>(
    api,
    `/api/jobs/${withApplicants.id}/applicants/`,
    owner.accessToken,
  );
  const interviews = await getJson<{ results: { id: number }[] }>(api, '/api/interview-schedules/', owner.accessToken);
  const seekerRooms = await getJson<{ results: { id: number; employer: { id: number } }[] }>(api, '/api/chatrooms/', seeker.accessToken);
  const ownerRooms = await getJson<{ results: { id: number }[] }>(api, '/api/chatrooms/', owner.accessToken);
  const [firstApplicant] = applicants.results;
  const [firstInterview] = interviews.results;
  const [seekerRoom] = seekerRooms.results;
  const [ownerRoom] = ownerRooms.results;
  if (!firstApplicant || !firstInterview || !seekerRoom || !ownerRoom)
    throw new Error('the demo data lacks applicants, interviews or chats');
  ids = {
    publicJobId: publicJob.id,
    publicCompanyId: publicJob.company.id,
    ownerJobId: withApplicants.id,
    applicationId: firstApplicant.id,
    applicantUserId: seeker.user.id,
    interviewId: firstInterview.id,
    seekerRoomId: seekerRoom.id,
    ownerRoomId: ownerRoom.id,
    seekerId: seeker.user.id,
    ownerId: seekerRoom.employer.id,
    recruiterJobId: (recruiterJobs.results.find((j) => j.applicants_count > 0) ?? withApplicants).id,
  };
  await api.dispose();
});

const h1 = (name?: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, ...(name ? { name } : {}) }).first();

/** The screens of the route table (apps/web/src/app/routes.ts) each role may open. */
function visitsFor(role: RoleName): Visit[] {
  const fallback: Visit = { path: '/no-such-page', ready: h1('This page does not exist') };
  const jobPage: Visit = { path: `/job/${ids.publicJobId}`, ready: (page) => page.getByRole('complementary', { name: 'Actions' }) };
  const notifications: Visit = { path: '/notifications', ready: h1() };
  const companyPage: Visit = { path: `/company/${ids.publicCompanyId}`, ready: (page) => page.getByRole('list', { name: /^Jobs at / }) };
  const home: Visit = { path: '/', ready: (page) => page.locator('main a[href^="/jobs/"]').first() };
  const employerScreens = (jobId: number): Visit[] => [
    { path: '/dashboard/employer', ready: h1() },
    {
      path: '/EmployerJobManagement',
      ready: h1(),
      then: {
        label: 'the job form',
        open: (page) =>
          page
            .getByRole('button', { name: /post a job/i })
            .first()
            .click(),
      },
    },
    { path: `/EmployerJobapplicants/${jobId}`, ready: (page) => page.getByRole('listitem').first() },
    { path: `/schedule-interview/${ids.applicationId}`, ready: h1() },
    { path: '/EmployerInterviews', ready: h1() },
    { path: `/interview-feedback/${ids.interviewId}`, ready: h1() },
    { path: '/EmployerCompanyManagement', ready: h1() },
    { path: '/employer/chat', ready: (page) => page.locator('main a[href*="/employer/chat/"]').first() },
    { path: `/employer/chat/${ids.ownerRoomId}`, ready: (page) => page.getByRole('textbox', { name: 'Message' }) },
    { path: `/jobseekerprofile/${ids.applicantUserId}`, ready: h1() },
    notifications,
    jobPage,
  ];
  switch (role) {
    case 'anonymous':
      return [
        home,
        jobPage,
        companyPage,
        { path: '/login', ready: h1() },
        { path: '/signup', ready: h1() },
        { path: '/adminlogin', ready: h1() },
        { path: '/forgot-password', ready: h1() },
        { path: '/verify-otp', ready: h1() },
        { path: '/join-team', ready: h1() },
        fallback,
      ];
    case 'job seeker':
      return [
        { path: '/dashboard/jobseeker', ready: h1() },
        home,
        {
          ...jobPage,
          then: {
            label: 'the apply dialog',
            open: async (page) => {
              const apply = page.getByRole('complementary', { name: 'Actions' }).getByRole('button', { name: 'Apply' });
              // The demo seeker may have applied already; then there is no dialog to open.
              if (await apply.isVisible()) {
                await apply.click();
                await expect(page.getByRole('dialog')).toBeVisible();
              }
            },
          },
        },
        companyPage,
        { path: '/jobseekerapplications', ready: (page) => page.getByRole('tab').first() },
        { path: '/jobseekerprofile', ready: h1('Your profile') },
        { path: '/chat', ready: (page) => page.locator('main a[href*="/chat/"]').first() },
        { path: `/chat/${ids.seekerRoomId}`, ready: (page) => page.getByRole('textbox', { name: 'Message' }) },
        { path: `/chat/${ids.seekerId}/${ids.ownerId}`, ready: (page) => page.getByRole('textbox', { name: 'Message' }) },
        notifications,
        fallback,
      ];
    case 'employer owner':
      return [...employerScreens(ids.ownerJobId), fallback];
    case 'recruiter':
      return employerScreens(ids.recruiterJobId);
    case 'admin':
      return [
        { path: '/admindashboard', ready: h1() },
        { path: '/jobseekers', ready: h1() },
        { path: '/employers', ready: h1() },
        { path: '/companies', ready: h1() },
        { path: '/admin/taxonomy', ready: h1() },
        { path: '/admin/audit', ready: h1() },
        notifications,
        home,
      ];
  }
}

/** Waits for the screen's content: its ready marker, and no loader or skeleton left. */
async function waitForContent(page: Page, visit: Visit) {
  await expect(visit.ready(page)).toBeVisible();
  await expect(
    page.locator(
      '.mantine-Skeleton-root[data-visible], .mantine-Loader-root:visible, [aria-busy="true"], [role="status"]:has-text("Loading")',
    ),
  ).toHaveCount(0);
}

const roles: RoleName[] = ['anonymous', 'job seeker', 'employer owner', 'recruiter', 'admin'];

const schemes = ['light', 'dark'] as const;

test('the check finds what it must: a button with no name, and grey text on grey in either scheme', async ({ page }) => {
  await page.goto('/#/no-such-page');
  await expect(h1('This page does not exist')(page)).toBeVisible();
  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    main.insertAdjacentHTML('beforeend', '<button type="button"></button><p style="color:#777;background:#888">Hard to read</p>');
  });
  const light = await findSeriousA11yViolations(page);
  expect(light.join('\n')).toContain('button-name (critical)');
  expect(light.join('\n')).toContain('color-contrast (serious)');
  expect(light.join('\n')).toContain('at #main > p');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  const dark = await findSeriousA11yViolations(page, colourRules);
  expect(dark).toHaveLength(1);
  expect(dark[0]).toContain('color-contrast (serious)');
});

for (const role of roles) {
  test(`every screen a ${role} may open has no serious or critical accessibility violation, in the light and the dark colour scheme`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({ colorScheme: 'light', storageState: sessions.get(role) });
    const page = await context.newPage();
    const problems: string[] = [];
    /**
     * Checks the page as it is in both schemes: the app follows the system's scheme live (Mantine's
     * "auto"), so each screen is opened once and checked with every rule in the light, then with
     * the rules that depend on colours in the dark, and left in the scheme it was opened in.
     */
    const check = async (label: string) => {
      for (const colorScheme of schemes) {
        await page.emulateMedia({ colorScheme });
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
        const found = await findSeriousA11yViolations(page, colorScheme === 'dark' ? colourRules : undefined);
        if (found.length) problems.push(`${label} (${role}, ${colorScheme}):\n${found.join('\n')}`);
      }
      await page.emulateMedia({ colorScheme: 'light' });
    };
    await page.goto('/');
    for (const visit of visitsFor(role)) {
      await page.goto(`/#${visit.path}`);
      await waitForContent(page, visit);
      await check(visit.path);
      if (visit.then) {
        await visit.then.open(page);
        await check(`${visit.path} with ${visit.then.label}`);
        await page.keyboard.press('Escape');
      }
    }

    // The phone layout: the header's menu open, on a 390x844 screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const home = role === 'anonymous' ? '/' : visitsFor(role)[0]!.path;
    await page.goto(`/#${home}`);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(page.locator('#phone-navigation')).toBeVisible();
    await check(`${home} with the phone menu open`);
    await page.keyboard.press('Escape');
    if (role !== 'anonymous') {
      await page.getByRole('button', { name: /^Account menu/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await check(`${home} with the account menu open`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check(`${home} with the notifications open`);
    }

    await context.close();
    expect(problems.length, problems.join('\n\n')).toBe(0);
  });
}
