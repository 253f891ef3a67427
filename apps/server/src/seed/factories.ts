import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { fileKinds } from '@jobportal/shared';
import type {
  ApplicationStatus,
  Education,
  FeedbackCriterion,
  InterviewMode,
  InterviewStage,
  InterviewStatus,
  Recommendation,
  JobPreferences,
  ProfileSkill,
  Role,
  WorkExperience,
} from '@jobportal/shared';
import type { Db } from '../db/client';
import type { employmentTypes, experienceLevels } from '@jobportal/shared';
import {
  applicationStatusHistory,
  applications,
  chatMessages,
  chatRooms,
  companies,
  companyMembers,
  interviewFeedbacks,
  interviews,
  jobCategories,
  jobs,
  jobSkills,
  savedJobs,
  uploadedFiles,
  users,
  type ApplicationRow,
  type CompanyRow,
  type FeedbackRow,
  type InterviewRow,
  type JobRow,
  type TaxonomyRow,
  type UploadedFileRow,
  type UserRow,
} from '../db/schema';
import { hashPassword } from '../lib/passwords';
import type { Storage } from '../lib/storage';
import { ensureProfile, replaceProfileLists, updateProfile } from '../modules/profiles';

let sequence = 0;
const next = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

export interface UserSeed {
  email?: string;
  password?: string | null;
  fullName?: string;
  role?: Role;
  emailVerified?: boolean;
  isActive?: boolean;
  /** The IANA zone their browser reported (null: not known yet, as for anyone who has not signed in). */
  timeZone?: string | null;
}

/** Makes a user. The demo seed and the tests both make people through this. */
export async function createUser(db: Db, seed: UserSeed = {}): Promise<UserRow> {
  const role = seed.role ?? 'jobseeker';
  const password = seed.password === undefined ? 'correct-horse-battery' : seed.password;
  const [row] = await db
    .insert(users)
    .values({
      email: (seed.email ?? `${role}-${next()}@example.test`).toLowerCase(),
      fullName: seed.fullName ?? `Test ${role}`,
      role,
      passwordHash: password === null ? null : await hashPassword(password),
      emailVerified: seed.emailVerified ?? true,
      isActive: seed.isActive ?? true,
      timeZone: seed.timeZone ?? null,
    })
    .returning();
  return row!;
}

export interface CompanySeed {
  name?: string;
  isApproved?: boolean;
  industry?: string;
  companySize?: string;
  description?: string;
  headquartersLocation?: string;
  websiteUrl?: string;
  foundedDate?: string;
  techStack?: string[];
  /** ISO 4217; USD (the column's default) when not given. */
  defaultCurrency?: string;
}

export async function createCompany(db: Db, ownerId: number, seed: CompanySeed = {}): Promise<CompanyRow> {
  const [row] = await db
    .insert(companies)
    .values({
      ownerId,
      name: seed.name ?? `Company ${next()}`,
      isApproved: seed.isApproved ?? false,
      industry: seed.industry ?? null,
      companySize: seed.companySize ?? null,
      description: seed.description ?? '',
      headquartersLocation: seed.headquartersLocation ?? null,
      websiteUrl: seed.websiteUrl ?? null,
      foundedDate: seed.foundedDate ?? null,
      techStack: seed.techStack ?? [],
      ...(seed.defaultCurrency ? { defaultCurrency: seed.defaultCurrency } : {}),
    })
    .returning();
  return row!;
}

/** Makes a recruiter of a company: an employer account that joined its hiring team (what an accepted invitation does). */
export async function createRecruiter(db: Db, companyId: number, seed: UserSeed = {}, invitedBy: number | null = null): Promise<UserRow> {
  const user = await createUser(db, { fullName: 'Test recruiter', ...seed, role: 'employer' });
  await db.insert(companyMembers).values({ companyId, userId: user.id, role: 'recruiter', invitedBy });
  return user;
}

export async function createCategory(db: Db, name = `Category ${next()}`): Promise<TaxonomyRow> {
  const [row] = await db.insert(jobCategories).values({ name }).returning();
  return row!;
}

export async function createSkill(db: Db, name = `Skill ${next()}`): Promise<TaxonomyRow> {
  const [row] = await db.insert(jobSkills).values({ name }).returning();
  return row!;
}

export interface JobSeed {
  title?: string;
  description?: string;
  responsibilities?: string;
  qualifications?: string;
  niceToHave?: string;
  location?: string;
  isRemote?: boolean;
  salaryMin?: number | null;
  salaryMax?: number | null;
  /** ISO 4217; the company's default currency when not given. */
  currency?: string;
  employmentType?: (typeof employmentTypes)[number];
  experienceLevel?: (typeof experienceLevels)[number];
  jobFunction?: string | null;
  categoryIds?: number[];
  skillIds?: number[];
  /** YYYY-MM-DD; may be in the past (the API refuses that for open jobs, seeds and tests may not). */
  applicationDeadline?: string | null;
  status?: 'open' | 'closed';
  postedAt?: Date;
  /** The member who posted it; the company's owner when not given. */
  postedBy?: number;
}

/** Makes a job of a company. The demo seed and the tests both post jobs through this. */
export async function createJob(db: Db, companyId: number, seed: JobSeed = {}): Promise<Omit<JobRow, 'searchVector' | 'titleVector'>> {
  const [row] = await db
    .insert(jobs)
    .values({
      companyId,
      postedBy: seed.postedBy ?? sql`(select ${companies.ownerId} from ${companies} where ${companies.id} = ${companyId})`,
      title: seed.title ?? `Job ${next()}`,
      description: seed.description ?? 'A role on a friendly team that ships useful software every week.',
      responsibilities: seed.responsibilities ?? '',
      qualifications: seed.qualifications ?? '',
      niceToHave: seed.niceToHave ?? '',
      location: seed.location ?? 'Berlin, Germany',
      isRemote: seed.isRemote ?? false,
      salaryMin: seed.salaryMin ?? null,
      salaryMax: seed.salaryMax ?? null,
      ...(seed.currency ? { currency: seed.currency } : {}),
      employmentType: seed.employmentType ?? 'Full-time',
      experienceLevel: seed.experienceLevel ?? 'Mid level',
      jobFunction: seed.jobFunction ?? null,
      categoryIds: seed.categoryIds ?? [],
      skillIds: seed.skillIds ?? [],
      applicationDeadline: seed.applicationDeadline ?? null,
      status: seed.status ?? 'open',
      ...(seed.postedAt ? { postedAt: seed.postedAt, updatedAt: seed.postedAt } : {}),
    })
    .returning();
  const { searchVector: _vector, titleVector: _title, ...job } = row!;
  return job;
}

export interface ProfileSeed {
  phoneNumber?: string | null;
  dateOfBirth?: string | null;
  bio?: string | null;
  linkedinUrl?: string | null;
  portfolioUrl?: string | null;
  currentJobTitle?: string | null;
  jobPreferences?: Partial<JobPreferences>;
  photoFileId?: number | null;
  resumeFileId?: number | null;
  educations?: Education[];
  workExperience?: WorkExperience[];
  skills?: Array<Pick<ProfileSkill, 'skill_name'> & Partial<ProfileSkill>>;
}

/** Fills a job seeker's profile (made if missing). The demo seed and the tests both build profiles through this. */
export async function createProfile(db: Db, userId: number, seed: ProfileSeed = {}): Promise<number> {
  const profile = await ensureProfile(db, userId);
  const preferences: JobPreferences = {
    desired_titles: [],
    locations: [],
    is_remote_ok: true,
    employment_types: [],
    experience_level: null,
    salary_min: null,
    ...seed.jobPreferences,
  };
  await updateProfile(db, profile.id, {
    phoneNumber: seed.phoneNumber ?? null,
    dateOfBirth: seed.dateOfBirth ?? null,
    bio: seed.bio ?? null,
    linkedinUrl: seed.linkedinUrl ?? null,
    portfolioUrl: seed.portfolioUrl ?? null,
    currentJobTitle: seed.currentJobTitle ?? null,
    jobPreferences: preferences,
    photoFileId: seed.photoFileId ?? null,
    resumeFileId: seed.resumeFileId ?? null,
  });
  await replaceProfileLists(db, profile.id, {
    educations: seed.educations ?? [],
    workExperience: seed.workExperience ?? [],
    skills: (seed.skills ?? []).map((s) => ({
      proficiency_level: 'Intermediate',
      years_of_experience: null,
      skill_type: 'Technical',
      certification: null,
      ...s,
    })),
  });
  return profile.id;
}

/** Stores a file's bytes and its row, as an upload would (the content type is the caller's word here). */
export async function createUploadedFile(
  db: Db,
  storage: Storage,
  ownerId: number,
  file: { name: string; contentType: string; data: Buffer; folder?: string },
): Promise<UploadedFileRow> {
  const extension =
    file.name
      .split('.')
      .pop()
      ?.toLowerCase()
      .replace(/[^a-z0-9]/g, '') || 'bin';
  const storageKey = `${file.folder ?? 'resumes'}/user-${ownerId}-${randomBytes(8).toString('hex')}.${extension}`;
  await storage.put(storageKey, file.data);
  const [row] = await db
    .insert(uploadedFiles)
    .values({ ownerId, storageKey, originalName: file.name, contentType: file.contentType, sizeBytes: file.data.length })
    .returning();
  return row!;
}

/** Gives a company a logo (PNG bytes), stored as an uploaded logo is (files service: logos/company-<id>-<random>.png). */
export async function setCompanyLogo(db: Db, storage: Storage, companyId: number, png: Buffer): Promise<string> {
  const key = `${fileKinds.logo.folder}/company-${companyId}-${randomBytes(8).toString('hex')}.png`;
  await storage.put(key, png);
  await db.update(companies).set({ logo: key }).where(eq(companies.id, companyId));
  return key;
}

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
      meetingLink: seed.meetingLink ?? (mode === 'video' ? `https://meet.example.com/${next()}` : null),
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
