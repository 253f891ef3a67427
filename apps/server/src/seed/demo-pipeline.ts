import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { applicationStatuses, statusLabels } from '@jobportal/shared';
import type { Db } from '../db/client';
import type { Storage } from '../lib/storage';
import { applications, companies, jobs, users } from '../db/schema';
import { insertNotifications } from '../modules/notifications';
import { createApplicants, createMessageTemplate, createNote } from './factories';

const hour = 3_600_000;

// People who applied to the busiest job and sit in the statuses it had no one in yet.
const moreApplicants = [
  { fullName: 'Mariana Costa', email: 'mariana.costa@example.net' },
  { fullName: 'Tobias Berg', email: 'tobias.berg@example.net' },
  { fullName: 'Aisha Rahman', email: 'aisha.rahman@example.net' },
  { fullName: 'Lukas Novak', email: 'lukas.novak@example.net' },
  { fullName: 'Chloé Martin', email: 'chloe.martin@example.net' },
  { fullName: 'Samuel Okafor', email: 'samuel.okafor@example.net' },
  { fullName: 'Ines Ferreira', email: 'ines.ferreira@example.net' },
  { fullName: 'Daniel Weiss', email: 'daniel.weiss@example.net' },
];

/**
 * The hiring pipeline of the demo (issue #50): Northwind Labs' busiest job has applicants in every
 * status, team notes (one mentioning the recruiter, whose bell shows it), two message templates;
 * the company has looked at every application it answered (so timelines show "first viewed").
 */
export async function seedDemoPipeline(db: Db, storage: Storage, password: string): Promise<void> {
  const [owner] = await db.select().from(users).where(eq(users.email, 'employer@example.com'));
  const [recruiter] = await db.select().from(users).where(eq(users.email, 'recruiter@example.com'));
  if (!owner || !recruiter) return;
  const [company] = await db.select().from(companies).where(eq(companies.ownerId, owner.id));
  if (!company) return;

  const [busiest] = await db
    .select({ id: jobs.id, title: jobs.title, n: sql<number>`count(${applications.id})::int` })
    .from(jobs)
    .innerJoin(applications, eq(applications.jobId, jobs.id))
    .where(and(eq(jobs.companyId, company.id), eq(jobs.status, 'open')))
    .groupBy(jobs.id)
    .orderBy(desc(sql`count(${applications.id})`), jobs.id)
    .limit(1);
  if (!busiest) return;
  const present = new Set(
    (await db.selectDistinct({ status: applications.status }).from(applications).where(eq(applications.jobId, busiest.id))).map(
      (r) => r.status,
    ),
  );
  const missing = applicationStatuses.filter((s) => !present.has(s));
  if (missing.length) {
    await createApplicants(db, {
      jobId: busiest.id,
      count: missing.length,
      statusOf: (i) => missing[i]!,
      appliedAt: new Date(Date.now() - 9 * 24 * hour),
      people: moreApplicants,
      storage,
      password,
    });
  }

  await createMessageTemplate(db, {
    companyId: company.id,
    name: 'Kind rejection',
    body:
      'Dear {first_name},\n\nThank you for your interest in the {job_title} role and for the time you put into your application. ' +
      'After careful review we have decided to move forward with other candidates whose experience matches this role more closely.\n\n' +
      'We wish you every success in your search.\n\nThe Northwind Labs hiring team',
  });
  await createMessageTemplate(db, {
    companyId: company.id,
    name: 'Position filled',
    body:
      'Hello {first_name},\n\nThank you for applying to {job_title}. The position has now been filled, so we are closing the ' +
      'remaining applications. We would be glad to see your name again for future openings.\n\nKind regards, Northwind Labs',
  });

  // Notes on two open applicants of the busiest job: the owner asks the recruiter, who answers.
  const open = await db
    .select({ id: applications.id, appliedAt: applications.appliedAt, name: users.fullName, status: applications.status })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.jobseekerId))
    .where(and(eq(applications.jobId, busiest.id), inArray(applications.status, ['reviewed', 'interview_scheduled', 'applied'])))
    .orderBy(applications.id)
    .limit(2);
  for (const [i, a] of open.entries()) {
    const asked = new Date(a.appliedAt.getTime() + (20 + i) * hour);
    await createNote(db, {
      applicationId: a.id,
      authorId: owner.id,
      body:
        i === 0
          ? `Strong portfolio and clear answers in the cover letter. @${recruiter.fullName} could you run the technical screen this week?`
          : `${statusLabels[a.status]} for now. Salary expectations look a little above our band; worth a short call before deciding.`,
      mentionedIds: i === 0 ? [recruiter.id] : [],
      createdAt: asked,
    });
    if (i === 0) {
      await createNote(db, {
        applicationId: a.id,
        authorId: recruiter.id,
        body: 'On it: I sent two slots for Thursday and will share my notes after the call.',
        createdAt: new Date(asked.getTime() + 2 * hour),
      });
      await insertNotifications(db, [
        {
          userId: recruiter.id,
          type: 'note_mention',
          message: `${owner.fullName} mentioned you in a note on ${a.name} (${busiest.title}).`,
          link: `/EmployerJobapplicants/${busiest.id}?applicant=${a.id}`,
        },
      ]);
    }
  }

  await seedAnsweredApplicants(db, storage, password, company.id);

  // Every application a company moved was looked at first: a few hours after it arrived.
  await db
    .update(applications)
    .set({ firstViewedAt: sql`${applications.appliedAt} + interval '3 hours'` })
    .where(ne(applications.status, 'applied'));
}

const firstNames = ['Anna', 'Ben', 'Carla', 'Dmitri', 'Eva', 'Felix', 'Greta', 'Hamid', 'Ida', 'Jonas', 'Kemal', 'Lena', 'Marco', 'Nora'];
const lastNames = ['Andersen', 'Baptiste', 'Carvalho', 'Dahl', 'Eriksen', 'Fontaine', 'Gruber', 'Haddad', 'Iversen', 'Jansen'];
// How many days each other company usually takes to answer (so their job pages show different times).
const answerDays = [1.5, 3, 5, 8, 2.5];

/**
 * The other approved companies' first public job gets a dozen applicants from the last two months,
 * each answered (reviewed or rejected) after the company's usual delay: their job pages show a
 * response time too ("Usually answers within 3 days").
 */
async function seedAnsweredApplicants(db: Db, storage: Storage, password: string, exceptCompanyId: number): Promise<void> {
  const others = await db
    .select({ companyId: companies.id, jobId: sql<number>`min(${jobs.id})` })
    .from(companies)
    .innerJoin(jobs, and(eq(jobs.companyId, companies.id), eq(jobs.status, 'open')))
    .where(and(eq(companies.isApproved, true), ne(companies.id, exceptCompanyId)))
    .groupBy(companies.id)
    .orderBy(companies.id);
  for (const [c, other] of others.entries()) {
    const people = Array.from({ length: 12 }, (_, i) => {
      const first = firstNames[(c * 5 + i) % firstNames.length]!;
      const last = lastNames[(c * 3 + i * 7) % lastNames.length]!;
      return { fullName: `${first} ${last}`, email: `${first}.${last}.${c}${i}@example.net`.toLowerCase() };
    });
    const ids = await createApplicants(db, {
      jobId: other.jobId,
      count: people.length,
      statusOf: (i) => (i % 3 === 0 ? 'rejected' : 'reviewed'),
      appliedAt: new Date(Date.now() - (20 + c * 7) * 24 * hour),
      people,
      storage,
      password,
    });
    const days = answerDays[c % answerDays.length]!;
    await db.execute(sql`update application_status_history h
      set changed_at = a.applied_at + (${days}::float8 * (0.6 + (a.id % 9) * 0.1)) * interval '1 day'
      from applications a where a.id = h.application_id and h.status <> 'applied' and a.id = any(${sql.param(ids)}::int[])`);
    await db.execute(
      sql`update applications set updated_at = applied_at + ${days}::float8 * interval '1 day' where id = any(${sql.param(ids)}::int[])`,
    );
  }
}
