import type { AdminData, ApplicationStatus } from '@jobportal/shared';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/access';
import type { EventBus } from '../../lib/events';
import { authorize } from '../../policies/policy';
import type { CompaniesService } from '../companies';
import { VersionedCache } from '../../lib/ttl-cache';
import * as repo from './admin.repository';

/** How many days the dashboard's series cover, today (UTC) included. */
export const seriesDays = 30;

/** The UTC days of the series, oldest first, as YYYY-MM-DD. */
export function seriesDates(now: Date, days = seriesDays): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

type Activity = Awaited<ReturnType<typeof readActivity>>;

/** What the dashboard reads over the big tables (people, jobs, every application, a month of sign-ups): the costly part. */
async function readActivity(db: Db, since: Date) {
  const [big, byStatus, signups, applied] = await Promise.all([
    repo.countBigTables(db),
    repo.countApplicationsByStatus(db),
    repo.signupsPerDay(db, since),
    repo.applicationsPerDay(db, since),
  ]);
  return { big, byStatus, signups, applied };
}

/**
 * The admin dashboard: head counts, the last 30 days as series, and the companies waiting for approval.
 * Companies' counts and the approval queue are read on every call (an approval shows at once); the
 * counts and aggregates over the big tables are kept `activitySeconds` (30 by default), since they
 * cost scans of hundreds of thousands of rows (docs/decisions/013, bench:admin), and are read again
 * at once when an admin makes or deletes an account. Others' sign-ups and applications show within
 * that time.
 */
export function createAdminService({
  db,
  companies,
  events,
  activitySeconds = 30,
}: {
  db: Db;
  companies: CompaniesService;
  events: EventBus;
  activitySeconds?: number;
}) {
  const cache = new VersionedCache<Activity>(1, Math.max(1, activitySeconds) * 1000);
  let version = 0;
  const forget = () => void version++;
  events.on('user.created', forget);
  events.on('user.deleted', forget);
  async function activity(dates: string[]): Promise<Activity> {
    const since = new Date(`${dates[0]}T00:00:00Z`);
    // Keyed by the first day, so a new day starts a new series.
    const cached = activitySeconds > 0 ? cache.get(dates[0]!, version) : undefined;
    if (cached) return cached;
    const readAt = version;
    const fresh = await readActivity(db, since);
    if (activitySeconds > 0) cache.set(dates[0]!, readAt, fresh);
    return fresh;
  }
  return {
    async data(viewer: Viewer): Promise<AdminData> {
      authorize(viewer, 'admin.view_data', undefined);
      const dates = seriesDates(new Date());
      const [small, { big, byStatus, signups, applied }, interviews, pending] = await Promise.all([
        repo.countSmallTables(db),
        activity(dates),
        repo.countInterviews(db),
        companies.list(viewer, { is_approved: false, page: 1, page_size: 50 }),
      ]);
      const applicationsByStatus: Partial<Record<ApplicationStatus, number>> = {};
      for (const row of byStatus) applicationsByStatus[row.status] = row.n;
      const signupsOn = new Map<string, { jobseekers: number; employers: number }>();
      for (const row of signups) {
        const day = signupsOn.get(row.day) ?? { jobseekers: 0, employers: 0 };
        if (row.role === 'jobseeker') day.jobseekers = row.n;
        else day.employers = row.n;
        signupsOn.set(row.day, day);
      }
      const appliedOn = new Map(applied.map((row) => [row.day, row.n]));
      return {
        counts: {
          ...big,
          ...small,
          applications: byStatus.reduce((sum, row) => sum + row.n, 0),
          applications_by_status: applicationsByStatus,
          interviews,
        },
        series: {
          signups: dates.map((date) => ({ date, ...(signupsOn.get(date) ?? { jobseekers: 0, employers: 0 }) })),
          applications: dates.map((date) => ({ date, n: appliedOn.get(date) ?? 0 })),
        },
        // Oldest first: the one waiting longest is approved first.
        pending_companies: pending.rows.reverse(),
      };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
