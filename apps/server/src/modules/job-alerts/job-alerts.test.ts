import { and, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobAlertOut, JobAlertMatch, NotificationList } from '@jobportal/shared';
import { jobAlertSearchMatches, jobAlerts, notifications } from '../../db/schema';
import { createCompany, createJob, createUser } from '../../seed/factories';
import { bearer, createTestApp, json, signedInUser, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
});
afterAll(() => t?.close());

type Page<T> = { results: T[]; count: number; next: string | null; new_matches?: number };
const post = (token: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/job-alerts/', headers: bearer(token), payload: payload as Record<string, unknown> });

const validJob = (extra: Record<string, unknown> = {}) => ({
  title: 'Senior Python Developer',
  description: 'Build data pipelines in Python for our Berlin analytics team, with code review every day.',
  location: 'Berlin, Germany',
  employment_type: 'Full-time',
  experience_level: 'Senior level',
  status: 'open',
  ...extra,
});

/** The jobs an alert has met: its search's matches since the alert's start (whatever is public now). */
async function matchedJobs(alertId: number): Promise<number[]> {
  const rows = await t.db
    .select({ jobId: jobAlertSearchMatches.jobId })
    .from(jobAlertSearchMatches)
    .innerJoin(
      jobAlerts,
      and(eq(jobAlerts.searchId, jobAlertSearchMatches.searchId), gte(jobAlertSearchMatches.matchedAt, jobAlerts.matchesSince)),
    )
    .where(eq(jobAlerts.id, alertId));
  return rows.map((r) => r.jobId);
}

/** An employer of an approved company, posting through the API (so the jobs module's events fire). */
async function employer() {
  const owner = await signedInUser(t, { role: 'employer' });
  const company = await createCompany(t.db, owner.user.id, { isApproved: true });
  return {
    ...owner,
    company,
    async post(extra: Record<string, unknown> = {}) {
      const res = await t.app.inject({ method: 'POST', url: '/api/jobs/', headers: bearer(owner.token), payload: validJob(extra) });
      expect(res.statusCode, res.body).toBe(201);
      await t.app.jobAlerts.idle();
      return json<{ id: number }>(res);
    },
    async patch(id: number, payload: Record<string, unknown>) {
      const res = await t.app.inject({ method: 'PATCH', url: `/api/jobs/${id}/`, headers: bearer(owner.token), payload });
      expect(res.statusCode, res.body).toBe(200);
      await t.app.jobAlerts.idle();
    },
  };
}

describe('job alerts: the API', () => {
  it('saves a search (name proposed from it), lists, reads, changes, pauses and deletes it', async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const created = await post(seeker.token, {
      criteria: { search: 'python', location: 'Berlin', is_remote: false, category: [], employment_type: 'Full-time', page: 2 },
      frequency: 'daily',
      email: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const alert = json<JobAlertOut>(created);
    expect(alert).toMatchObject({
      name: 'python Berlin',
      criteria: { search: 'python', location: 'Berlin', is_remote: 'false', employment_type: 'Full-time' },
      frequency: 'daily',
      in_app: true,
      email: true,
      paused: false,
      new_matches: 0,
    });
    expect(alert.criteria).not.toHaveProperty('page');

    const list = json<Page<JobAlertOut>>(await t.app.inject({ url: '/api/job-alerts/', headers: bearer(seeker.token) }));
    expect(list.results.map((a) => a.id)).toEqual([alert.id]);
    expect(list.new_matches).toBe(0);
    expect((await t.app.inject({ url: `/api/job-alerts/${alert.id}/`, headers: bearer(seeker.token) })).statusCode).toBe(200);

    const paused = await t.app.inject({
      method: 'PATCH',
      url: `/api/job-alerts/${alert.id}/`,
      headers: bearer(seeker.token),
      payload: { paused: true, name: 'Python in Berlin', criteria: { search: '"data engineer" -intern' } },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(json<JobAlertOut>(paused)).toMatchObject({
      paused: true,
      name: 'Python in Berlin',
      criteria: { search: '"data engineer" -intern' },
    });

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/job-alerts/${alert.id}/`, headers: bearer(seeker.token) });
    expect(removed.statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/job-alerts/${alert.id}/`, headers: bearer(seeker.token) })).statusCode).toBe(404);
  });

  it("refuses bad criteria with the search schema's own messages (400 with fields), and a way to hear of nothing", async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const cases: Array<[unknown, string]> = [
      [{ criteria: { salary_min: 90000 } }, 'criteria.currency'],
      [{ criteria: { salary_min: 90000, salary_max: 10, currency: 'EUR' } }, 'criteria.salary_min'],
      [{ criteria: { employment_type: 'Astronaut' } }, 'criteria.employment_type.0'],
      [{ criteria: { serch: 'python' } }, 'criteria.serch'],
      [{ criteria: 'python' }, 'criteria'],
      [{ criteria: { search: 'x' }, frequency: 'hourly' }, 'frequency'],
      [{ criteria: { search: 'x' }, in_app: false, email: false }, 'in_app'],
      [{ criteria: { search: 'x' }, name: 'a\nb' }, 'name'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(seeker.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(json<{ fields: Record<string, string[]> }>(res).fields), JSON.stringify(payload)).toContain(field);
    }
    const alert = json<JobAlertOut>(await post(seeker.token, { criteria: { search: 'go' } }));
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/job-alerts/${alert.id}/`,
      headers: bearer(seeker.token),
      payload: { in_app: false },
    });
    expect(patched.statusCode).toBe(400);
    expect(json<{ fields: Record<string, string[]> }>(patched).fields).toHaveProperty('in_app');
  });

  it("keeps each alert its owner's: others get 404, employers 403, anonymous 401; at most 20 each", async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const other = await signedInUser(t, { role: 'jobseeker' });
    const boss = await signedInUser(t, { role: 'employer' });
    const alert = json<JobAlertOut>(await post(seeker.token, { criteria: { search: 'nurse' } }));
    for (const [method, url] of [
      ['GET', `/api/job-alerts/${alert.id}/`],
      ['PATCH', `/api/job-alerts/${alert.id}/`],
      ['DELETE', `/api/job-alerts/${alert.id}/`],
      ['GET', `/api/job-alerts/${alert.id}/matches/`],
    ] as const) {
      const payload = method === 'PATCH' ? { paused: true } : undefined;
      expect((await t.app.inject({ method, url, headers: bearer(other.token), payload })).statusCode, `${method} ${url}`).toBe(404);
      expect((await t.app.inject({ method, url, headers: bearer(boss.token), payload })).statusCode, `${method} ${url}`).toBe(403);
      expect((await t.app.inject({ method, url, payload })).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(json<Page<JobAlertOut>>(await t.app.inject({ url: '/api/job-alerts/', headers: bearer(other.token) })).count).toBe(0);
    for (let i = 1; i < 20; i++) expect((await post(seeker.token, { criteria: { search: `word${i}` } })).statusCode).toBe(201);
    const tooMany = await post(seeker.token, { criteria: { search: 'one more' } });
    expect(tooMany.statusCode).toBe(409);
  });
});

describe('job alerts: matching new jobs', () => {
  it('matches a job when it becomes public (posted, reopened, company approved), once per alert, with one unread notice', async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const alert = json<JobAlertOut>(await post(seeker.token, { criteria: { search: 'python', location: 'berlin' } }));
    const other = json<JobAlertOut>(await post(seeker.token, { criteria: { search: 'python', location: 'london' } }));
    const boss = await employer();

    const first = await boss.post();
    const second = await boss.post({ title: 'Python Data Engineer' });
    await boss.post({ title: 'Java Developer', description: 'Build services in Java for our Berlin payments team, with tests.' });
    // Closed, then reopened: one more chance to be new? No: the alert heard of it once already.
    await boss.patch(first.id, { status: 'closed' });
    await boss.patch(first.id, { status: 'open' });
    // An edit of a public job is not a new job.
    await boss.patch(second.id, { title: 'Python Data Engineer (Berlin)' });

    expect((await matchedJobs(alert.id)).sort()).toEqual([first.id, second.id].sort());
    expect(await matchedJobs(other.id)).toEqual([]);

    const bell = json<NotificationList>(await t.app.inject({ url: '/api/notifications/', headers: bearer(seeker.token) }));
    const notices = bell.results.filter((n) => n.type === 'job_alert_matches');
    expect(notices.map((n) => n.message)).toEqual(["2 new jobs for 'python berlin'"]);
    expect(notices[0]!.link).toBe(`/alerts/${alert.id}`);

    // A job of a company approved later reaches the alert when the company is approved.
    const pendingOwner = await signedInUser(t, { role: 'employer' });
    const pending = await createCompany(t.db, pendingOwner.user.id, { isApproved: false });
    const hidden = await t.app.inject({ method: 'POST', url: '/api/jobs/', headers: bearer(pendingOwner.token), payload: validJob() });
    await t.app.jobAlerts.idle();
    const admin = await signedInUser(t, { role: 'admin' });
    const approved = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${pending.id}/`,
      headers: bearer(admin.token),
      payload: { is_approved: true },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await t.app.jobAlerts.idle();

    const page = json<Page<JobAlertMatch>>(
      await t.app.inject({ url: `/api/job-alerts/${alert.id}/matches/`, headers: bearer(seeker.token) }),
    );
    expect(page.results.map((m) => m.job.id)).toEqual([json<{ id: number }>(hidden).id, second.id, first.id]);
    expect(page.results.every((m) => m.is_new)).toBe(true);
    // Opening the matches marks them seen and reads the notice.
    const after = json<JobAlertOut>(await t.app.inject({ url: `/api/job-alerts/${alert.id}/`, headers: bearer(seeker.token) }));
    expect(after).toMatchObject({ new_matches: 0, total_matches: 3 });
    const read = json<NotificationList>(await t.app.inject({ url: '/api/notifications/', headers: bearer(seeker.token) }));
    expect(read.results.find((n) => n.type === 'job_alert_matches')).toMatchObject({
      is_read: true,
      message: "3 new jobs for 'python berlin'",
    });

    // The next match after the notice was read is a new notice.
    await boss.post({ title: 'Python Engineer' });
    const again = json<NotificationList>(await t.app.inject({ url: '/api/notifications/', headers: bearer(seeker.token) }));
    expect(again.results.filter((n) => n.type === 'job_alert_matches').map((n) => [n.message, n.is_read])).toEqual([
      ["1 new job for 'python berlin'", false],
      ["3 new jobs for 'python berlin'", true],
    ]);

    // A notice read in the bell keeps the count it showed; the next job opens a new one.
    await boss.post({ title: 'Senior Python Engineer' });
    const bellRead = await t.app.inject({ method: 'POST', url: '/api/notifications/mark_all_as_read/', headers: bearer(seeker.token) });
    expect(bellRead.statusCode, bellRead.body).toBe(200);
    await boss.post({ title: 'Python Platform Engineer' });
    const later = json<NotificationList>(await t.app.inject({ url: '/api/notifications/', headers: bearer(seeker.token) }));
    expect(later.results.filter((n) => n.type === 'job_alert_matches').map((n) => [n.message, n.is_read])).toEqual([
      ["3 new jobs for 'python berlin'", false],
      ["2 new jobs for 'python berlin'", true],
      ["3 new jobs for 'python berlin'", true],
    ]);
  });

  it("counts an unread notice's jobs up to 100 ('100+ new jobs'), however many its search has found since", async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const alert = json<JobAlertOut>(await post(seeker.token, { criteria: { search: 'lamplighter' } }));
    const [row] = await t.db.select().from(jobAlerts).where(eq(jobAlerts.id, alert.id));
    const boss = await employer();
    const jobs = [];
    for (let i = 0; i < 101; i++) jobs.push(await createJob(t.db, boss.company.id, { title: `Lamplighter ${i}` }));
    await t.db.insert(jobAlertSearchMatches).values(jobs.map((j) => ({ searchId: row!.searchId, jobId: j.id })));
    await t.db
      .insert(notifications)
      .values({ userId: seeker.user.id, type: 'job_alert_matches', message: "1 new job for 'lamplighter'", link: `/alerts/${alert.id}` });
    const bell = json<NotificationList>(await t.app.inject({ url: '/api/notifications/', headers: bearer(seeker.token) }));
    expect(bell.results.map((n) => n.message)).toEqual(["100+ new jobs for 'lamplighter'"]);
    // The alert's own page counts them all.
    const own = json<JobAlertOut>(await t.app.inject({ url: `/api/job-alerts/${alert.id}/`, headers: bearer(seeker.token) }));
    expect(own.new_matches).toBe(101);
  });

  it('leaves paused alerts, and a visitor alert not yet confirmed, out', async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const alert = json<JobAlertOut>(await post(seeker.token, { criteria: { search: 'kotlin' } }));
    await t.app.inject({ method: 'PATCH', url: `/api/job-alerts/${alert.id}/`, headers: bearer(seeker.token), payload: { paused: true } });
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/job-alerts/subscribe/',
      payload: { criteria: { search: 'kotlin' }, email: 'kotlin-fan@example.com', frequency: 'instant' },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(202);
    const boss = await employer();
    const kotlin = await boss.post({ title: 'Kotlin Developer' });
    const [visitor] = await t.db.select().from(jobAlerts).where(eq(jobAlerts.emailAddress, 'kotlin-fan@example.com'));
    // Nothing is told of a paused alert, and nothing matched for an unconfirmed one.
    const bell = json<NotificationList>(await t.app.inject({ url: '/api/notifications/', headers: bearer(seeker.token) }));
    expect(bell.results.filter((n) => n.type === 'job_alert_matches')).toEqual([]);
    expect(await matchedJobs(visitor!.id)).toEqual([]);
    // A paused alert still lists what its search finds; it only tells no one.
    expect(await matchedJobs(alert.id)).toEqual([kotlin.id]);
  });
});

describe('job alerts: visitors', () => {
  it('subscribes, confirms by the e-mailed link, manages and unsubscribes by token, and joins the account of the address', async () => {
    const email = 'visitor-alerts@example.com';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/job-alerts/subscribe/',
      payload: { criteria: { search: 'designer' }, email, frequency: 'instant', time_zone: 'Europe/Berlin' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const mail = await t.smtp.waitForMail(email);
    const token = /#\/alerts\/confirm\/([\w.-]+)/.exec(mail.raw.replace(/=\r?\n/g, ''))?.[1];
    expect(token).toBeDefined();
    expect((await t.app.inject({ method: 'POST', url: '/api/job-alerts/confirm/', payload: { token: `${token}x` } })).statusCode).toBe(404);
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/job-alerts/confirm/', payload: { token } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { alert, token: manage } = json<{ alert: { id: number; confirmed: boolean; name: string }; token: string }>(confirmed);
    expect(alert).toMatchObject({ confirmed: true, name: 'designer' });
    // The confirm token is not a manage token.
    expect((await t.app.inject({ method: 'POST', url: '/api/job-alerts/manage/', payload: { token } })).statusCode).toBe(404);
    const read = await t.app.inject({ method: 'POST', url: '/api/job-alerts/manage/', payload: { token: manage } });
    expect(read.statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/job-alerts/manage/',
      payload: { token: manage, frequency: 'weekly' },
    });
    expect(json<{ frequency: string }>(changed).frequency).toBe('weekly');
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/api/job-alerts/manage/', payload: { token: manage, email: false } })).statusCode,
    ).toBe(400);

    // Signing in with that address (a job seeker's) takes the alert into the account.
    const person = await createUser(t.db, { role: 'jobseeker', email, emailVerified: true });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: person.email, password: 'correct-horse-battery' },
    });
    const list = json<Page<JobAlertOut>>(
      await t.app.inject({ url: '/api/job-alerts/', headers: bearer(json<{ accessToken: string }>(login).accessToken) }),
    );
    expect(list.results.map((a) => a.id)).toEqual([alert.id]);

    // One click: the e-mails stop (the account still hears in the app).
    const unsubscribed = await t.app.inject({
      method: 'POST',
      url: `/api/job-alerts/unsubscribe/?token=${manage}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);
    expect(json<{ removed: boolean }>(unsubscribed).removed).toBe(false);
    expect((await t.app.inject({ method: 'POST', url: '/api/job-alerts/unsubscribe/', payload: {} })).statusCode).toBe(400);
  });
});
