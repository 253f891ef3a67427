import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Education, JobPreferences, ProfileSkill, WorkExperience } from '@jobportal/shared';
import type { Db } from '../../db/client';
import {
  applications,
  jobs,
  jobseekerProfiles,
  profileEducations,
  profileSkills,
  profileWorkExperience,
  uploadedFiles,
  users,
  type ProfileRow,
  type UploadedFileRow,
} from '../../db/schema';

export type EducationRow = typeof profileEducations.$inferSelect;
export type WorkExperienceRow = typeof profileWorkExperience.$inferSelect;
export type SkillRow = typeof profileSkills.$inferSelect;

export interface ProfileRecord extends ProfileRow {
  email: string;
  fullName: string;
  photo: UploadedFileRow | null;
  resume: UploadedFileRow | null;
  educations: EducationRow[];
  workExperience: WorkExperienceRow[];
  skills: SkillRow[];
}

/** The profile fields a write may set (name and e-mail live on users). */
export type ProfileValues = Partial<
  Pick<
    typeof jobseekerProfiles.$inferInsert,
    'phoneNumber' | 'dateOfBirth' | 'bio' | 'linkedinUrl' | 'portfolioUrl' | 'currentJobTitle' | 'photoFileId' | 'resumeFileId'
  > & { jobPreferences: JobPreferences }
>;

export interface ProfileLists {
  educations?: Education[];
  workExperience?: WorkExperience[];
  skills?: ProfileSkill[];
}

/** The job seeker's user row, or undefined when the id is not a job seeker's. */
export async function findJobseeker(db: Db, userId: number): Promise<{ id: number; fullName: string; email: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, fullName: users.fullName, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'jobseeker')))
    .limit(1);
  return row;
}

/** The profile row of a job seeker, made on first use (profiles are created lazily). */
export async function ensureProfile(db: Db, userId: number): Promise<ProfileRow> {
  const [made] = await db.insert(jobseekerProfiles).values({ userId }).onConflictDoNothing().returning();
  if (made) return made;
  const [row] = await db.select().from(jobseekerProfiles).where(eq(jobseekerProfiles.userId, userId)).limit(1);
  return row!;
}

const photoFile = alias(uploadedFiles, 'photo_file');
const resumeFile = alias(uploadedFiles, 'resume_file');

/** The whole profile with its files and lists, or undefined when the job seeker has no profile row yet. */
export async function findProfileRecord(db: Db, userId: number): Promise<ProfileRecord | undefined> {
  const [row] = await db
    .select({ profile: jobseekerProfiles, email: users.email, fullName: users.fullName, photo: photoFile, resume: resumeFile })
    .from(jobseekerProfiles)
    .innerJoin(users, eq(users.id, jobseekerProfiles.userId))
    .leftJoin(photoFile, eq(photoFile.id, jobseekerProfiles.photoFileId))
    .leftJoin(resumeFile, eq(resumeFile.id, jobseekerProfiles.resumeFileId))
    .where(eq(jobseekerProfiles.userId, userId))
    .limit(1);
  if (!row) return undefined;
  const profileId = row.profile.id;
  const [educations, workExperience, skills] = await Promise.all([
    db.select().from(profileEducations).where(eq(profileEducations.profileId, profileId)).orderBy(asc(profileEducations.position)),
    db
      .select()
      .from(profileWorkExperience)
      .where(eq(profileWorkExperience.profileId, profileId))
      .orderBy(asc(profileWorkExperience.position)),
    db.select().from(profileSkills).where(eq(profileSkills.profileId, profileId)).orderBy(asc(profileSkills.position)),
  ]);
  return {
    ...row.profile,
    email: row.email,
    fullName: row.fullName,
    photo: row.photo,
    resume: row.resume,
    educations,
    workExperience,
    skills,
  };
}

/** Locks the profile row for an update and gives its current file ids. */
export async function lockProfileFiles(db: Db, profileId: number): Promise<{ photoFileId: number | null; resumeFileId: number | null }> {
  const [row] = await db
    .select({ photoFileId: jobseekerProfiles.photoFileId, resumeFileId: jobseekerProfiles.resumeFileId })
    .from(jobseekerProfiles)
    .where(eq(jobseekerProfiles.id, profileId))
    .for('update');
  return row ?? { photoFileId: null, resumeFileId: null };
}

export async function updateProfile(db: Db, profileId: number, values: ProfileValues): Promise<void> {
  await db
    .update(jobseekerProfiles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(jobseekerProfiles.id, profileId));
}

export async function updateUserName(db: Db, userId: number, fullName: string): Promise<void> {
  await db.update(users).set({ fullName }).where(eq(users.id, userId));
}

/** Replaces each list that is given (an empty list clears it); lists not given stay. */
export async function replaceProfileLists(db: Db, profileId: number, lists: ProfileLists): Promise<void> {
  if (lists.educations) {
    await db.delete(profileEducations).where(eq(profileEducations.profileId, profileId));
    if (lists.educations.length) {
      await db.insert(profileEducations).values(
        lists.educations.map((e, position) => ({
          profileId,
          position,
          degreeType: e.degree_type,
          fieldOfStudy: e.field_of_study,
          institution: e.institution,
          location: e.location,
          startDate: e.start_date,
          endDate: e.end_date,
          gradeOrGpa: e.grade_or_gpa,
          description: e.description,
        })),
      );
    }
  }
  if (lists.workExperience) {
    await db.delete(profileWorkExperience).where(eq(profileWorkExperience.profileId, profileId));
    if (lists.workExperience.length) {
      await db.insert(profileWorkExperience).values(
        lists.workExperience.map((w, position) => ({
          profileId,
          position,
          jobTitle: w.job_title,
          companyName: w.company_name,
          companyLocation: w.company_location,
          startDate: w.start_date,
          endDate: w.end_date,
          description: w.description,
          technologiesUsed: w.technologies_used,
        })),
      );
    }
  }
  if (lists.skills) {
    await db.delete(profileSkills).where(eq(profileSkills.profileId, profileId));
    if (lists.skills.length) {
      await db.insert(profileSkills).values(
        lists.skills.map((s, position) => ({
          profileId,
          position,
          skillName: s.skill_name,
          proficiencyLevel: s.proficiency_level,
          yearsOfExperience: s.years_of_experience,
          skillType: s.skill_type,
          certification: s.certification,
        })),
      );
    }
  }
}

/** The job seeker's current photo or resume, if any. */
export async function findProfileFile(db: Db, userId: number, kind: 'photo' | 'resume'): Promise<UploadedFileRow | undefined> {
  const column = kind === 'photo' ? jobseekerProfiles.photoFileId : jobseekerProfiles.resumeFileId;
  const [row] = await db
    .select({ file: uploadedFiles })
    .from(jobseekerProfiles)
    .innerJoin(uploadedFiles, eq(uploadedFiles.id, column))
    .where(eq(jobseekerProfiles.userId, userId))
    .limit(1);
  return row?.file;
}

/**
 * The companies the job seeker has a live application with (what the access policy reads of a job
 * seeker): open, or decided by the company (hired, rejected). A withdrawn one no longer counts.
 */
export async function findAppliedCompanyIds(db: Db, jobseekerId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ companyId: jobs.companyId })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where(and(eq(applications.jobseekerId, jobseekerId), ne(applications.status, 'withdrawn')));
  return rows.map((r) => r.companyId);
}

/** The resume sent with the job seeker's newest live application to a company (what its members read, not today's profile file). */
export async function findResumeSentToCompany(db: Db, jobseekerId: number, companyId: number) {
  const [row] = await db
    .select({ applicationId: applications.id, file: uploadedFiles })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(uploadedFiles, eq(uploadedFiles.id, applications.resumeFileId))
    .where(and(eq(applications.jobseekerId, jobseekerId), eq(jobs.companyId, companyId), ne(applications.status, 'withdrawn')))
    .orderBy(desc(applications.appliedAt), desc(applications.id))
    .limit(1);
  return row;
}
