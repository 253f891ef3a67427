// Interview times that must not clash (one interviewer, one job seeker): the exclusion constraints
// refuse the write, and this answers the 409 that names the interview holding the time.
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as repo from './interviews.repository';

/** True when a database error is an exclusion-constraint violation (the clash constraints). */
function isExclusionViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23P01') return true;
  }
  return false;
}

function formatIn(d: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(d);
}

/** `withoutClash` on this database. */
export function createClashGuard(db: Db) {
  /** The 409 that names the interview holding the time (read after the refused write). */
  async function clashError(c: {
    interviewerId: number;
    jobseekerId: number;
    start: Date;
    end: Date;
    exceptId?: number;
    timeZone: string;
  }) {
    const other = await repo.findClash(db, c);
    if (!other?.scheduledTime || !other.endTime) {
      return new AppError('interview_clash', 'That time clashes with another interview. Choose another time.');
    }
    const detail =
      `That time clashes with another interview, ${formatIn(other.scheduledTime, c.timeZone)}–` +
      `${new Intl.DateTimeFormat('en-GB', { timeStyle: 'short', timeZone: c.timeZone }).format(other.endTime)} (${c.timeZone}). Choose another time.`;
    return new AppError('interview_clash', detail, {
      clash: { id: other.id, scheduled_time: other.scheduledTime.toISOString(), end_time: other.endTime.toISOString() },
    });
  }

  /**
   * Runs a write that may hit the clash constraints in a transaction; a clash becomes the 409 naming
   * the other interview. The transaction first takes the interviewer's and the job seeker's locks
   * (always in that order): PostgreSQL checks an exclusion constraint against rows of transactions
   * still running and waits for them, so concurrent writes of the same slot waited on each other and
   * some ended in "deadlock detected" (a 500); one at a time, the later ones see the clash (409).
   */
  async function withoutClash<T>(
    write: (tx: Db) => Promise<T>,
    c: { interviewerId: number; jobseekerId: number; start: Date | null; end: Date | null; exceptId?: number; timeZone: string },
  ): Promise<T> {
    try {
      return await db.transaction(async (tx) => {
        await repo.lockCalendars(tx, c.interviewerId, c.jobseekerId);
        return write(tx);
      });
    } catch (error) {
      if (isExclusionViolation(error) && c.start && c.end) throw await clashError({ ...c, start: c.start, end: c.end });
      throw error;
    }
  }

  return withoutClash;
}
