import type { Role } from '@jobportal/shared';
import type { Db } from '../client';
import { companies, users, type CompanyRow, type UserRow } from '../schema';
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
