// Factories of hiring: applications with their history, saved jobs, conversations, interviews and feedback.
import { sql } from 'drizzle-orm';
import type {
  ApplicationStatus,
  FeedbackCriterion,
  InterviewMode,
  InterviewStage,
  InterviewStatus,
  Recommendation,
} from '@jobportal/shared';
import type { Db } from '../../db/client';
import {
  applicationStatusHistory,
  applications,
  chatMessages,
  chatRooms,
  interviewFeedbacks,
  interviews,
  jobs,
  savedJobs,
  type ApplicationRow,
  type FeedbackRow,
  type InterviewRow,
} from '../../db/schema';

import { unique } from './unique';

export interface ApplicationSeed {
  jobId: number;
  jobseekerId: number;
  resumeFileId: number;
  coverLetter?: string;
  /** The statuses it went through after `applied`, in order, e.g. ['reviewed', 'rejected']. */
  path?: ApplicationStatus[];
  appliedAt?: Date;
  /** Who made the moves (the job's employer); withdrawals are the job seeker's. */
  employerId?: number;
}

/** Makes an application with its whole status history. The demo seed and the tests both apply through this. */
export async function createApplication(db: Db, seed: ApplicationSeed): Promise<ApplicationRow> {
  const moves = seed.path ?? [];
  const now = Date.now();
  const day = 86_400_000;
  const appliedAt = seed.appliedAt ?? new Date(now - (moves.length + 1) * day);
  const status = moves[moves.length - 1] ?? 'applied';
  // The moves come after the application, a day apart at most, and all in the past.
  const step = Math.min(day, Math.max(0, now - appliedAt.getTime()) / (moves.length + 1));
  const [row] = await db
    .insert(applications)
    .values({
      jobId: seed.jobId,
      jobseekerId: seed.jobseekerId,
      resumeFileId: seed.resumeFileId,
      coverLetter: seed.coverLetter ?? '',
      status,
      appliedAt,
      updatedAt: new Date(appliedAt.getTime() + moves.length * step),
    })
    .returning();
  await db.insert(applicationStatusHistory).values([
    { applicationId: row!.id, status: 'applied', changedAt: appliedAt, changedBy: 'jobseeker', changedByUserId: seed.jobseekerId },
    ...moves.map((to, i) => ({
      applicationId: row!.id,
      status: to,
      changedAt: new Date(appliedAt.getTime() + (i + 1) * step),
      changedBy: to === 'withdrawn' ? ('jobseeker' as const) : ('employer' as const),
      changedByUserId: to === 'withdrawn' ? seed.jobseekerId : (seed.employerId ?? null),
    })),
  ]);
  return row!;
}

export async function createSavedJob(db: Db, userId: number, jobId: number, savedAt = new Date()): Promise<number> {
  const [row] = await db.insert(savedJobs).values({ userId, jobId, savedAt }).returning({ id: savedJobs.id });
  return row!.id;
}

/** A conversation between a job seeker and a company (the demo seed and the tests both open them here). */
export async function createChatRoom(
  db: Db,
  seed: { jobseekerId: number; companyId: number; employerId: number; jobId?: number | null; createdAt?: Date },
): Promise<typeof chatRooms.$inferSelect> {
  const at = seed.createdAt ?? new Date();
  const [row] = await db
    .insert(chatRooms)
    .values({
      jobseekerId: seed.jobseekerId,
      companyId: seed.companyId,
      employerId: seed.employerId,
      jobId: seed.jobId ?? null,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  return row!;
}

export interface InterviewSeed {
  applicationId: number;
  interviewerId: number;
  /** One time; leave it out and give `offeredTimes` for an open offer. */
  scheduledTime?: Date;
  offeredTimes?: Date[];
  status?: InterviewStatus;
  durationMinutes?: number;
  timeZone?: string;
  mode?: InterviewMode;
  location?: string | null;
  meetingLink?: string | null;
  notes?: string | null;
  seekerConfirmedAt?: Date | null;
}

/** Makes an interview of an application as it stands (no status move, no mail). Demo seed and tests. */
export async function createInterview(db: Db, seed: InterviewSeed): Promise<InterviewRow> {
  const [app] = await db
    .select({ jobId: applications.jobId, jobseekerId: applications.jobseekerId, companyId: jobs.companyId })
    .from(applications)
    .innerJoin(jobs, sql`${jobs.id} = ${applications.jobId}`)
    .where(sql`${applications.id} = ${seed.applicationId}`);
  if (!app) throw new Error(`no application ${seed.applicationId}`);
  const duration = seed.durationMinutes ?? 45;
  const start = seed.scheduledTime ?? null;
  const mode = seed.mode ?? 'video';
  const [row] = await db
    .insert(interviews)
    .values({
      applicationId: seed.applicationId,
      ...app,
      interviewerId: seed.interviewerId,
      status: seed.status ?? (start ? 'scheduled' : 'offered'),
      scheduledTime: start,
      endTime: start && new Date(start.getTime() + duration * 60_000),
      durationMinutes: duration,
      timeZone: seed.timeZone ?? 'Europe/Berlin',
      mode,
      location: seed.location ?? (mode === 'in_person' ? 'Main office, 2nd floor' : null),
      meetingLink: seed.meetingLink ?? (mode === 'video' ? `https://meet.example.com/${unique()}` : null),
      notes: seed.notes ?? null,
      offeredTimes: seed.offeredTimes ?? [],
      seekerConfirmedAt: seed.seekerConfirmedAt ?? null,
    })
    .returning();
  return row!;
}

/** A stored message (moves its room up, as sending does). */
export async function createChatMessage(
  db: Db,
  seed: {
    roomId: number;
    senderId: number;
    fromJobseeker: boolean;
    content: string;
    createdAt?: Date;
    readAt?: Date | null;
    clientId?: string;
  },
): Promise<typeof chatMessages.$inferSelect> {
  const at = seed.createdAt ?? new Date();
  const [row] = await db
    .insert(chatMessages)
    .values({
      roomId: seed.roomId,
      senderId: seed.senderId,
      fromJobseeker: seed.fromJobseeker,
      content: seed.content,
      createdAt: at,
      readAt: seed.readAt ?? null,
      clientId: seed.clientId ?? null,
    })
    .returning();
  await db
    .update(chatRooms)
    .set({ lastMessageAt: at, updatedAt: at })
    .where(sql`${chatRooms.id} = ${seed.roomId} and ${chatRooms.updatedAt} < ${at}`);
  return row!;
}

export interface FeedbackSeed {
  interviewId: number;
  authorId: number;
  stage?: InterviewStage;
  score?: number;
  ratings?: Partial<Record<FeedbackCriterion, number>>;
  strengths?: string;
  concerns?: string;
  recommendation?: Recommendation | null;
  feedback?: string;
  isApproved?: boolean;
  providedAt?: Date;
}

export async function createFeedback(db: Db, seed: FeedbackSeed): Promise<FeedbackRow> {
  const [row] = await db
    .insert(interviewFeedbacks)
    .values({
      interviewId: seed.interviewId,
      authorId: seed.authorId,
      stage: seed.stage ?? 'first_round_interview',
      score: seed.score ?? 7,
      ratings: seed.ratings ?? { communication: 4, technical_skills: 4 },
      strengths: seed.strengths ?? '',
      concerns: seed.concerns ?? '',
      recommendation: seed.recommendation ?? 'yes',
      feedback: seed.feedback ?? 'A good conversation.',
      isApproved: seed.isApproved ?? false,
      ...(seed.providedAt && { providedAt: seed.providedAt }),
    })
    .returning();
  return row!;
}
