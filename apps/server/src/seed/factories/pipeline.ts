// Factories of the hiring pipeline: many applicants at once, team notes, message templates.
import { sql } from 'drizzle-orm';
import type { ApplicationStatus } from '@jobportal/shared';
import { queryRows, type Db } from '../../db/client';
import { applicationNotes, messageTemplates, type ApplicationNoteRow, type MessageTemplateRow } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import type { Storage } from '../../lib/storage';
import { makePdf } from '../documents';
import { createUploadedFile } from './people';
import { unique } from './unique';

/**
 * Many job seekers (without a password unless given one) applying to one job, in three
 * statements whatever the count: the benchmark's thousands and the tests' hundreds. Each applied
 * `appliedAt` ago and sits in `statusOf(i)` (default applied) with its history (applied, then that
 * status a minute later). With `storage`, a stored resume each (a few statements more per applicant).
 */
export async function createApplicants(
  db: Db,
  seed: {
    jobId: number;
    count: number;
    statusOf?: (i: number) => ApplicationStatus;
    appliedAt?: Date;
    namePrefix?: string;
    /** Real-looking people (the demo); otherwise "<namePrefix> <n>" at example.test. */
    people?: Array<{ fullName: string; email: string }>;
    /** Given, each applicant's application carries a stored PDF resume (lists and the board show only those). */
    storage?: Storage;
    /** Given, they can sign in with it (the demo's people); otherwise they have no password. */
    password?: string;
  },
): Promise<number[]> {
  const tag = unique();
  const statuses = Array.from({ length: seed.count }, (_, i) => seed.statusOf?.(i) ?? 'applied');
  const names = statuses.map((_, i) => seed.people?.[i]?.fullName ?? `${seed.namePrefix ?? 'Applicant'} ${i + 1}`);
  const emails = names.map((_, i) => seed.people?.[i]?.email ?? `applicant-${tag}-${i}@example.test`);
  const appliedAt = (seed.appliedAt ?? new Date(Date.now() - 86_400_000)).toISOString();
  const passwordHash = seed.password === undefined ? null : await hashPassword(seed.password);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`with people as (
          insert into users (email, full_name, role, email_verified, password_hash)
          select e, n, 'jobseeker', true, ${passwordHash}::text from unnest(${sql.param(emails)}::text[], ${sql.param(names)}::text[]) as t(e, n)
          returning id, email
        ), input as (
          select p.id as jobseeker_id, t.status from people p
            join unnest(${sql.param(emails)}::text[], ${sql.param(statuses)}::text[]) as t(e, status) on t.e = p.email
        )
        insert into applications (job_id, jobseeker_id, status, applied_at, updated_at)
        select ${seed.jobId}::int, jobseeker_id, status, ${appliedAt}::timestamptz, ${appliedAt}::timestamptz from input
        returning id`,
  );
  const ids = rows.map((r) => r.id);
  if (seed.storage) {
    const applicants = await queryRows<{ id: number; jobseeker_id: number; full_name: string }>(
      db,
      sql`select a.id, a.jobseeker_id, u.full_name from applications a join users u on u.id = a.jobseeker_id
          where a.id = any(${sql.param(ids)}::int[]) order by a.id`,
    );
    for (const a of applicants) {
      const data = makePdf(a.full_name, ['Curriculum vitae', '', 'Experience, education and skills as sent with the application.']);
      const file = await createUploadedFile(db, seed.storage, a.jobseeker_id, { name: 'resume.pdf', contentType: 'application/pdf', data });
      await db.execute(sql`update applications set resume_file_id = ${file.id} where id = ${a.id}`);
    }
  }
  await db.execute(sql`insert into application_status_history (application_id, status, changed_at, changed_by)
    select a.id, 'applied', a.applied_at, 'jobseeker' from applications a where a.id = any(${sql.param(ids)}::int[])
    union all
    select a.id, a.status, a.applied_at + interval '1 minute', case when a.status = 'withdrawn' then 'jobseeker' else 'employer' end
      from applications a where a.id = any(${sql.param(ids)}::int[]) and a.status <> 'applied'`);
  return ids;
}

/** A team note (its mentions already resolved: ids of teammates). */
export async function createNote(
  db: Db,
  seed: { applicationId: number; authorId: number; body: string; mentionedIds?: number[]; createdAt?: Date },
): Promise<ApplicationNoteRow> {
  const at = seed.createdAt ?? new Date();
  const [row] = await db
    .insert(applicationNotes)
    .values({
      applicationId: seed.applicationId,
      authorId: seed.authorId,
      body: seed.body,
      mentionedIds: seed.mentionedIds ?? [],
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  return row!;
}

export async function createMessageTemplate(
  db: Db,
  seed: { companyId: number; name?: string; body?: string },
): Promise<MessageTemplateRow> {
  const [row] = await db
    .insert(messageTemplates)
    .values({
      companyId: seed.companyId,
      name: seed.name ?? `Template ${unique()}`,
      body: seed.body ?? 'Dear {first_name}, thank you for applying to {job_title}. We have decided not to move forward.',
    })
    .returning();
  return row!;
}
