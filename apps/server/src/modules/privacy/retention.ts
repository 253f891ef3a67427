import type { FastifyBaseLogger } from 'fastify';
import { retention } from '@jobportal/shared';
import type { Db } from '../../db/client';
import type { FilesService } from '../files';
import * as repo from './privacy.repository';

const day = 24 * 3600_000;

/** `months` calendar months before `now` (the 29th-31st fall back to the month's last day). */
function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now);
  const dayOfMonth = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(dayOfMonth, last));
  return d;
}

/**
 * How long data is kept (docs/decisions/017-privacy.md; the numbers are `retention` in the shared
 * package, shown on the privacy page). Two steps on the job runner's timer:
 * - every tick: exports past their 24 hours expire and their zips are removed;
 * - once a day (the first process whose tick claims the day's `daily_runs` row): deleted job
 *   seekers' "Former member" rows go after 180 days with what still hangs on them; applications
 *   untouched for 24 months go with their interviews, feedback and the resumes only they used;
 *   sign-in history (ended sessions) older than 90 days goes.
 */
export function createRetention({ db, files, log }: { db: Db; files: FilesService; log: FastifyBaseLogger }) {
  return {
    async expireExports(now: Date): Promise<number> {
      const keys = await repo.expireExports(db, now);
      await files.removeAllStored(keys);
      return keys.length;
    },

    /** Applies the retention rules once for the day of `now` (false: another process already did today). */
    async runDaily(now: Date): Promise<false | { formerMembers: number; applications: number; sessions: number }> {
      if (!(await repo.claimDailyRun(db, 'retention', now.toISOString().slice(0, 10)))) return false;
      const formerMembers = await repo.purgeFormerJobseekers(db, new Date(now.getTime() - retention.deletedAccountDays * day));
      const resumes = await repo.purgeOldApplications(db, monthsBefore(now, retention.applicationMonths));
      await files.release(resumes);
      const sessions = await repo.purgeEndedSessions(db, new Date(now.getTime() - retention.endedSessionDays * day));
      const done = { formerMembers, applications: resumes.length, sessions };
      log.info(done, 'retention applied');
      return done;
    },
  };
}
export type Retention = ReturnType<typeof createRetention>;
