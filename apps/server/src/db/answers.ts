import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from './client';

/**
 * When the company first answered an application: its first status move by a member, its first
 * message in the pair's conversation after the application, or its first interview (offered or
 * scheduled). Null while unanswered. One definition for the no-ghosting job and the companies'
 * response times (issue #50). Expects `a` (applications) and `jobs` in the query.
 */
export const firstAnswerAt: SQL = sql`least(
  (select min(h.changed_at) from application_status_history h where h.application_id = a.id and h.changed_by = 'employer'),
  (select min(m.created_at) from chat_rooms r join chat_messages m on m.room_id = r.id
    where r.jobseeker_id = a.jobseeker_id and r.company_id = jobs.company_id and not m.from_jobseeker and m.created_at >= a.applied_at),
  (select min(i.created_at) from interviews i where i.application_id = a.id))`;

/** A company's median time to a first answer over the last 90 days, and how many applications it answered. */
export interface ResponseTime {
  medianHours: number;
  answered: number;
}
/** A response time shows once the company answered this many applications in the last 90 days. */
const minimumAnswered = 10;

/** The company's response time (its job pages and its page say it), or null until it has answered enough. */
export async function findResponseTime(db: Db, companyId: number): Promise<ResponseTime | null> {
  const [row] = await queryRows<{ median_hours: number | string | null; answered: number | string }>(
    db,
    sql`select percentile_cont(0.5) within group (order by extract(epoch from answered_at - applied_at) / 3600) as median_hours,
               count(answered_at) as answered
          from (select a.applied_at, ${firstAnswerAt} as answered_at
                  from applications a join jobs on jobs.id = a.job_id
                 where jobs.company_id = ${companyId} and a.applied_at >= now() - interval '90 days') s
         where answered_at is not null`,
  );
  const answered = Number(row?.answered ?? 0);
  return answered >= minimumAnswered && row?.median_hours != null ? { medianHours: Number(row.median_hours), answered } : null;
}
