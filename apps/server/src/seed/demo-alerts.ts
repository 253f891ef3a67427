import { and, desc, eq, gte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobAlerts, jobs, users } from '../db/schema';
import { matchJobs, nextDigestAt } from '../modules/job-alerts';
import { createJobAlert } from './factories';

const day = 86_400_000;

/**
 * seeker@example.com's two job alerts (issue #49): a daily e-mail for engineering jobs in Berlin and
 * an at-once one for remote roles, both with jobs they have not opened yet: the week's new jobs are
 * matched as the queue matches them, with their notices in the bell.
 */
export async function seedDemoAlerts(db: Db): Promise<void> {
  const [seeker] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'seeker@example.com'));
  if (!seeker) return;
  const weekAgo = new Date(Date.now() - 7 * day);
  const daily = await createJobAlert(db, {
    userId: seeker.id,
    name: 'Engineering in Berlin',
    criteria: { search: 'engineer', location: 'Berlin' },
    frequency: 'daily',
    byEmail: true,
    seenAt: weekAgo,
  });
  await db
    .update(jobAlerts)
    .set({ nextEmailAt: nextDigestAt(new Date(), 'daily', 'UTC') })
    .where(eq(jobAlerts.id, daily.id));
  await createJobAlert(db, {
    userId: seeker.id,
    name: 'Remote roles',
    criteria: { is_remote: true },
    frequency: 'instant',
    seenAt: weekAgo,
  });
  const recent = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(gte(jobs.postedAt, weekAgo), eq(jobs.status, 'open')))
    .orderBy(desc(jobs.postedAt));
  await db.transaction((tx) => matchJobs(tx, recent.map((j) => j.id).reverse()));
}
