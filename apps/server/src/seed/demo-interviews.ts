import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { applications, companies, companyMembers, jobs, users } from '../db/schema';
import { createFeedback, createInterview } from './factories';

const hour = 3_600_000;
const day = 24 * hour;

/** A whole hour (UTC) `days` from today: demo interviews sit on round times. */
function at(days: number, utcHour: number, minutes = 0): Date {
  const d = new Date(Date.now() + days * day);
  d.setUTCHours(utcHour, minutes, 0, 0);
  return d;
}

/**
 * Interviews for the demo: seeker@example.com has an upcoming interview, a completed one with
 * feedback (one item shown on the profile), and an open offer of three times; employer@example.com's
 * company has a week of interviews with its other applicants, two past ones still waiting for feedback.
 */
export async function seedDemoInterviews(db: Db): Promise<void> {
  const [owner] = await db.select().from(users).where(eq(users.email, 'employer@example.com'));
  const [recruiter] = await db.select().from(users).where(eq(users.email, 'recruiter@example.com'));
  const [seeker] = await db.select().from(users).where(eq(users.email, 'seeker@example.com'));
  if (!owner || !seeker) return;
  const [company] = await db.select().from(companies).where(eq(companies.ownerId, owner.id));
  if (!company) return;
  const interviewers = [owner.id, recruiter?.id ?? owner.id];
  const [member] = await db.select().from(companyMembers).where(eq(companyMembers.userId, interviewers[1]!));
  if (member?.companyId !== company.id) interviewers[1] = owner.id;

  const mine = await db
    .select({ id: applications.id, status: applications.status })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(and(eq(applications.jobseekerId, seeker.id), eq(jobs.companyId, company.id)))
    .orderBy(asc(applications.appliedAt));
  const byStatus = (status: string) => mine.find((a) => a.status === status);

  // Upcoming, confirmed: the application that is at "interview scheduled".
  const scheduled = byStatus('interview_scheduled');
  if (scheduled) {
    await createInterview(db, {
      applicationId: scheduled.id,
      interviewerId: owner.id,
      scheduledTime: at(2, 9),
      durationMinutes: 60,
      mode: 'video',
      notes: 'A conversation about your recent projects, then a short pairing exercise.',
      seekerConfirmedAt: new Date(),
    });
  }
  // Completed with two scorecards; the job seeker shows the first on the profile.
  const offered = byStatus('offered');
  if (offered) {
    const done = await createInterview(db, {
      applicationId: offered.id,
      interviewerId: owner.id,
      scheduledTime: at(-6, 13),
      durationMinutes: 45,
      mode: 'in_person',
      location: 'Northwind Labs, Torstraße 19, Berlin',
      status: 'completed',
    });
    await createFeedback(db, {
      interviewId: done.id,
      authorId: owner.id,
      stage: 'technical_assessment',
      score: 9,
      ratings: { technical_skills: 5, communication: 4, problem_solving: 5, culture_add: 4 },
      strengths: 'Clear reasoning about trade-offs; wrote tests without being asked',
      concerns: 'Less experience with on-call rotations',
      recommendation: 'strong_yes',
      feedback:
        'Jordan solved the data modelling exercise cleanly and explained every choice. One of the strongest technical interviews we have had this year.',
      isApproved: true,
      providedAt: at(-6, 15),
    });
    if (interviewers[1] !== owner.id) {
      await createFeedback(db, {
        interviewId: done.id,
        authorId: interviewers[1]!,
        stage: 'technical_assessment',
        score: 8,
        recommendation: 'yes',
        feedback: 'Good questions about the team and the product; would fit in well.',
        providedAt: at(-6, 16),
      });
    }
  }
  // An open offer of three times to pick from.
  const reviewed = byStatus('reviewed');
  if (reviewed) {
    await createInterview(db, {
      applicationId: reviewed.id,
      interviewerId: interviewers[1]!,
      offeredTimes: [at(3, 13), at(4, 8, 30), at(5, 14)],
      durationMinutes: 30,
      mode: 'phone',
      notes: 'A first call with the recruiter, about 30 minutes.',
    });
  }

  // A week of interviews with the company's other applicants, and two past ones without feedback.
  const others = await db
    .select({ id: applications.id })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(
      and(
        eq(jobs.companyId, company.id),
        ne(applications.jobseekerId, seeker.id),
        inArray(applications.status, ['reviewed', 'interview_scheduled', 'interviewed', 'applied']),
      ),
    )
    .orderBy(asc(applications.id))
    .limit(10);
  const slots: [number, number][] = [
    [-2, 8],
    [-1, 13],
    [1, 8],
    [1, 13],
    [2, 12],
    [3, 9],
    [4, 13],
    [5, 8],
    [6, 10],
    [7, 14],
  ];
  for (const [i, application] of others.entries()) {
    const [days, utcHour] = slots[i]!;
    await createInterview(db, {
      applicationId: application.id,
      interviewerId: interviewers[i % 2]!,
      scheduledTime: at(days, utcHour),
      durationMinutes: i % 3 === 0 ? 60 : 45,
      mode: i % 3 === 1 ? 'in_person' : i % 3 === 2 ? 'phone' : 'video',
      ...(i % 3 === 1 ? { location: 'Northwind Labs, Torstraße 19, Berlin' } : {}),
    });
  }
}
