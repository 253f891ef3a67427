import type { Role } from '@jobportal/shared';
import type { Db } from '../client';
import type { employmentTypes, experienceLevels } from '@jobportal/shared';
import { companies, jobCategories, jobs, jobSkills, users, type CompanyRow, type JobRow, type TaxonomyRow, type UserRow } from '../schema';
import { hashPassword } from '../../lib/passwords';

let sequence = 0;
const next = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

export interface UserSeed {
  email?: string;
  password?: string | null;
  fullName?: string;
  role?: Role;
  emailVerified?: boolean;
  isActive?: boolean;
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
    })
    .returning();
  return row!;
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
  employmentType?: (typeof employmentTypes)[number];
  experienceLevel?: (typeof experienceLevels)[number];
  jobFunction?: string | null;
  categoryIds?: number[];
  skillIds?: number[];
  /** YYYY-MM-DD; may be in the past (the API refuses that for open jobs, seeds and tests may not). */
  applicationDeadline?: string | null;
  status?: 'open' | 'closed';
  postedAt?: Date;
}

/** Makes a job of a company. The demo seed and the tests both post jobs through this. */
export async function createJob(db: Db, companyId: number, seed: JobSeed = {}): Promise<Omit<JobRow, 'searchVector'>> {
  const [row] = await db
    .insert(jobs)
    .values({
      companyId,
      title: seed.title ?? `Job ${next()}`,
      description: seed.description ?? 'A role on a friendly team that ships useful software every week.',
      responsibilities: seed.responsibilities ?? '',
      qualifications: seed.qualifications ?? '',
      niceToHave: seed.niceToHave ?? '',
      location: seed.location ?? 'Berlin, Germany',
      isRemote: seed.isRemote ?? false,
      salaryMin: seed.salaryMin ?? null,
      salaryMax: seed.salaryMax ?? null,
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
  const { searchVector: _vector, ...job } = row!;
  return job;
}
