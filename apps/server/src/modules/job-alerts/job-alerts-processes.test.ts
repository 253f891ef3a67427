import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { createCompany, createJob, createUser } from '../../seed/factories';
import { jobAlertQueue, jobAlertSearchMatches, jobAlerts, notifications } from '../../db/schema';
import { waitForExit } from '../../test/server-process';
import { useServerProcesses } from '../../test/process-pair';
import { waitFor } from '../../test/wait';

/**
 * Exactly once with real server processes (docs/decisions/024-job-alerts.md): two processes on one
 * PostgreSQL database work the alerts' queue on their job runners (every second); one is killed
 * with SIGKILL between waves of new jobs and started again. Every job reaches every alert it matches
 * once: one match row of their shared search, one unread notice counting each job once, one e-mail
 * (at once, then the hour's wait). PostgreSQL pass only (vitest.config.ts).
 */
const target = inject('testDb');

describe.skipIf(target.kind !== 'postgres')('job alerts across two server processes with a kill -9', () => {
  const setting = useServerProcesses('alerts', { JWT_SECRET: 'alerts-test-secret-long-enough-0123456789ab' });
  const { start } = setting;

  it('matches, notices and mails each job once per alert, across a SIGKILL and a restart', async () => {
    const { database, smtp } = setting;
    const db = database.db;
    const owner = await createUser(db, { role: 'employer' });
    const company = await createCompany(db, owner.id, { isApproved: true });
    const seekers: Array<{ id: number; email: string }> = [];
    for (let i = 0; i < 12; i++) seekers.push(await createUser(db, { role: 'jobseeker', email: `seeker-${i}@alerts.test` }));
    const [a, b] = await Promise.all([start(), start()]);

    // Alerts through the API of either process: "ferry" (in the app and by e-mail at once), and one that never matches.
    const ids: number[] = [];
    const tokens = new Map<number, string>();
    for (const [i, seeker] of seekers.entries()) {
      const base = (i % 2 ? a : b)!.url;
      const login = await fetch(`${base}/api/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: seeker.email, password: 'correct-horse-battery' }),
      });
      const { accessToken } = (await login.json()) as { accessToken: string };
      tokens.set(seeker.id, accessToken);
      for (const criteria of [{ search: 'ferry' }, { search: 'ferry', location: 'Atlantis' }]) {
        const res = await fetch(`${base}/api/job-alerts/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
          body: JSON.stringify({ criteria, frequency: 'instant', email: true }),
        });
        expect(res.status).toBe(201);
        if (!criteria.location) ids.push(((await res.json()) as { id: number }).id);
      }
    }

    /** A wave of new public jobs, queued as their events queue them. */
    const wave = async (n: number) => {
      const jobs = [];
      for (let i = 0; i < n; i++) jobs.push((await createJob(db, company.id, { title: `Ferry Pilot ${i}`, location: 'Kiel, Germany' })).id);
      await db.insert(jobAlertQueue).values(jobs.map((jobId) => ({ jobId })));
      return jobs;
    };
    const queueEmpty = async () => (await db.select({ id: jobAlertQueue.id }).from(jobAlertQueue)).length === 0;
    const matchCount = async () => (await db.select({ jobId: jobAlertSearchMatches.jobId }).from(jobAlertSearchMatches)).length;

    const first = await wave(15);
    await waitFor('wave 1 matched', async () => (await queueEmpty()) && (await matchCount()) === 15);
    a!.child.kill('SIGKILL');
    await waitForExit(a!.child);
    const second = await wave(15);
    await waitFor('wave 2 matched', async () => (await queueEmpty()) && (await matchCount()) === 30);
    const again = await start();
    const third = await wave(15);
    await waitFor('wave 3 matched', async () => (await queueEmpty()) && (await matchCount()) === 45);
    await waitFor('one e-mail each', () => seekers.every((s) => smtp.count(s.email) === 1), { timeoutMs: 20_000 });

    const jobs = [...first, ...second, ...third];
    // The alerts share one search: every job met it once.
    const rows = await db
      .select({
        searchId: jobAlertSearchMatches.searchId,
        n: sql<number>`count(*)::int`,
        distinct: sql<number>`count(distinct job_id)::int`,
      })
      .from(jobAlertSearchMatches)
      .where(inArray(jobAlertSearchMatches.jobId, jobs))
      .groupBy(jobAlertSearchMatches.searchId);
    const alerts = await db.select().from(jobAlerts).where(inArray(jobAlerts.id, ids));
    expect(rows.map((r) => [r.searchId, r.n, r.distinct])).toEqual([[alerts[0]!.searchId, 45, 45]]);
    // One notice per alert, unread, counting every job once when shown.
    for (const seeker of seekers) {
      const notices = await db.select().from(notifications).where(eq(notifications.userId, seeker.id));
      expect(notices.map((n) => n.isRead)).toEqual([false]);
      const bell = await fetch(`${again.url}/api/notifications/`, { headers: { authorization: `Bearer ${tokens.get(seeker.id)}` } });
      const shown = (await bell.json()) as { results: Array<{ message: string }> };
      expect(shown.results.map((n) => n.message)).toEqual(["45 new jobs for 'ferry'"]);
    }
    for (const seeker of seekers) expect(smtp.count(seeker.email)).toBe(1);
    for (const s of [b!, again]) s.child.kill('SIGTERM');
    expect(await Promise.all([waitForExit(b!.child), waitForExit(again.child)])).toEqual([0, 0]);
  }, 120_000);
});
