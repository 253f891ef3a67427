import { sql, type SQL } from 'drizzle-orm';

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
