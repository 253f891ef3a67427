// Factories of people and what they post: users, companies and their teams, taxonomy, jobs, profiles, files.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { fileKinds } from '@jobportal/shared';
import type { Education, JobPreferences, ProfileSkill, Role, WorkExperience } from '@jobportal/shared';
import type { Db } from '../../db/client';
import type { employmentTypes, experienceLevels } from '@jobportal/shared';
import {
  companies,
  companyMembers,
  jobCategories,
  jobs,
  jobSkills,
  uploadedFiles,
  users,
  type CompanyRow,
  type JobRow,
  type TaxonomyRow,
  type UploadedFileRow,
  type UserRow,
} from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import type { Storage } from '../../lib/storage';
import { ensureProfile, replaceProfileLists, updateProfile } from '../../modules/profiles';

import { unique } from './unique';

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
      email: (seed.email ?? `${role}-${unique()}@example.test`).toLowerCase(),
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
      name: seed.name ?? `Company ${unique()}`,
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

export async function createCategory(db: Db, name = `Category ${unique()}`): Promise<TaxonomyRow> {
  const [row] = await db.insert(jobCategories).values({ name }).returning();
  return row!;
}

export async function createSkill(db: Db, name = `Skill ${unique()}`): Promise<TaxonomyRow> {
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
  /** Close applications unanswered for 30 days (default true). */
  autoClose?: boolean;
}

/** Makes a job of a company. The demo seed and the tests both post jobs through this. */
export async function createJob(db: Db, companyId: number, seed: JobSeed = {}): Promise<Omit<JobRow, 'searchVector' | 'titleVector'>> {
  const [row] = await db
    .insert(jobs)
    .values({
      companyId,
      postedBy: seed.postedBy ?? sql`(select ${companies.ownerId} from ${companies} where ${companies.id} = ${companyId})`,
      title: seed.title ?? `Job ${unique()}`,
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
      autoClose: seed.autoClose ?? true,
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
