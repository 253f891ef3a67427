// Factories of job alerts: saved searches, made as the API makes them (the search parsed by its own code for matching).
import { sql } from 'drizzle-orm';
import { jobAlertCriteria, proposeAlertName, type AlertFrequency } from '@jobportal/shared';
import type { Db } from '../../db/client';
import { jobAlerts, type JobAlertRow } from '../../db/schema';
import { randomToken } from '../../lib/crypto';
import { alertColumns, ensureSearch, readTokenShares } from '../../modules/job-alerts';

export interface JobAlertSeed {
  /** A job seeker's alert; without it, a visitor's for `email`. */
  userId?: number;
  email?: string;
  /** The search as GET /api/jobs/ takes it. */
  criteria: Record<string, unknown>;
  name?: string;
  frequency?: AlertFrequency;
  inApp?: boolean;
  byEmail?: boolean;
  /** A visitor's alert waits for its address to be confirmed unless this is true (a job seeker's is always confirmed). */
  confirmed?: boolean;
  timeZone?: string;
  /** Matches after this moment are new (default: now). */
  seenAt?: Date;
}

export async function createJobAlert(db: Db, seed: JobAlertSeed): Promise<JobAlertRow> {
  const { criteria, search } = await alertColumns(db, jobAlertCriteria.parse(seed.criteria), await readTokenShares(db));
  const isVisitor = seed.userId === undefined;
  const [row] = await db
    .insert(jobAlerts)
    .values({
      criteria,
      searchId: await ensureSearch(db, search),
      userId: seed.userId ?? null,
      emailAddress: isVisitor ? (seed.email ?? `visitor-${randomToken(6)}@example.com`) : null,
      confirmedAt: !isVisitor || seed.confirmed ? new Date() : null,
      matchesSince: !isVisitor || seed.confirmed ? sql`now()` : null,
      name: seed.name ?? proposeAlertName(criteria),
      frequency: seed.frequency ?? 'instant',
      inApp: isVisitor ? false : (seed.inApp ?? true),
      byEmail: isVisitor ? true : (seed.byEmail ?? false),
      timeZone: isVisitor ? (seed.timeZone ?? 'UTC') : null,
      tokenSalt: randomToken(12),
      ...(seed.seenAt ? { seenAt: seed.seenAt } : {}),
    })
    .returning();
  return row!;
}
