import { sql } from 'drizzle-orm';
import type { ApplicationStatus } from '@jobportal/shared';
import { queryRows, type Db } from '../../db/client';
import { applications, companies, companyMembers, interviews, jobs, userCounts, users } from '../../db/schema';

/** The head counts of the big tables: people from their kept counts (user_counts), jobs by index scans of up to hundreds of thousands of rows. */
export interface BigCounts {
  jobseekers: number;
  employers: number;
  jobs: number;
  jobs_open: number;
}
export async function countBigTables(db: Db): Promise<BigCounts> {
  const [row] = await queryRows<BigCounts>(
    db,
    sql`select
      (select coalesce(sum(n), 0)::int from ${userCounts} where role = 'jobseeker') as jobseekers,
      (select coalesce(sum(n), 0)::int from ${userCounts} where role = 'employer') as employers,
      (select count(*)::int from ${jobs}) as jobs,
      (select count(*)::int from ${jobs} where status = 'open') as jobs_open`,
  );
  return row!;
}

/** The head counts of the small tables (companies, team members): read fresh every time. */
export interface SmallCounts {
  recruiters: number;
  companies: number;
  companies_pending: number;
}
export async function countSmallTables(db: Db): Promise<SmallCounts> {
  const [row] = await queryRows<SmallCounts>(
    db,
    sql`select
      (select count(*)::int from ${companyMembers} where role = 'recruiter') as recruiters,
      (select count(*)::int from ${companies}) as companies,
      (select count(*)::int from ${companies} where not is_approved) as companies_pending`,
  );
  return row!;
}

export async function countApplicationsByStatus(db: Db): Promise<Array<{ status: ApplicationStatus; n: number }>> {
  return queryRows(db, sql`select status, count(*)::int as n from ${applications} group by status`);
}

/** Interviews that are or were on the calendar (offered times not picked yet and cancelled ones aside). */
export async function countInterviews(db: Db): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${interviews} where ${interviews.status} in ('scheduled', 'rescheduled', 'completed')`,
  );
  return rows[0]?.n ?? 0;
}

/** Sign-ups per UTC day and role since `since` (days without any are absent). */
export async function signupsPerDay(db: Db, since: Date) {
  return queryRows<{ day: string; role: string; n: number }>(
    db,
    sql`select to_char(date_joined at time zone 'UTC', 'YYYY-MM-DD') as day, role, count(*)::int as n
        from ${users} where date_joined >= ${since.toISOString()}::timestamptz and role in ('jobseeker', 'employer')
        group by 1, 2`,
  );
}

/** Applications per UTC day since `since` (days without any are absent). */
export async function applicationsPerDay(db: Db, since: Date) {
  return queryRows<{ day: string; n: number }>(
    db,
    sql`select to_char(applied_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n
        from ${applications} where applied_at >= ${since.toISOString()}::timestamptz
        group by 1`,
  );
}
