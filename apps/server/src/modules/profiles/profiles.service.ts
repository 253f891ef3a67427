import type { JobseekerProfileOut, ProfileOut, profileUpdate } from '@jobportal/shared';
import type { Db } from '../../db/client';
import type { UploadedFileRow } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { authorize, can } from '../../policies/policy';
import { applicationResumeUrl } from '../applications';
import type { Viewer } from '../../lib/access';
import type { CheckedFile, FilesService, NewFile } from '../files';
import { findShownFeedback, presentShownFeedback } from '../interviews';
import { presentFile, presentProfile } from './profiles.presenter';
import * as repo from './profiles.repository';
import type { ProfileValues } from './profiles.repository';

export type ParsedProfileUpdate = ReturnType<typeof profileUpdate.parse>;
export type ProfileFileKind = 'photo' | 'resume';

export interface ProfilesDeps {
  db: Db;
  files: FilesService;
}

function toValues(input: ParsedProfileUpdate): ProfileValues {
  const v: ProfileValues = {};
  const orNull = (s: string | null | undefined) => (s === undefined ? undefined : s || null);
  if (input.phone_number !== undefined) v.phoneNumber = input.phone_number;
  if (input.date_of_birth !== undefined) v.dateOfBirth = input.date_of_birth;
  if (input.bio !== undefined) v.bio = orNull(input.bio);
  if (input.linkedin_url !== undefined) v.linkedinUrl = input.linkedin_url;
  if (input.portfolio_url !== undefined) v.portfolioUrl = input.portfolio_url;
  if (input.current_job_title !== undefined) v.currentJobTitle = orNull(input.current_job_title);
  if (input.job_preferences !== undefined) v.jobPreferences = input.job_preferences;
  return v;
}

export function createProfilesService({ db, files }: ProfilesDeps) {
  async function load(userId: number): Promise<ProfileOut> {
    await repo.ensureProfile(db, userId);
    return presentProfile((await repo.findProfileRecord(db, userId))!);
  }

  /** Refuses (404) unless the access policy lets this viewer see the job seeker's profile and its files. */
  async function authorizeView(viewer: Viewer | null, jobseekerId: number, notFoundAs?: string): Promise<void> {
    const seeker = await repo.findJobseeker(db, jobseekerId);
    const facts = seeker && { id: jobseekerId, appliedToCompanyIds: await repo.findAppliedCompanyIds(db, jobseekerId) };
    authorize(viewer, 'jobseeker.view', facts, notFoundAs ? { notFoundAs } : {});
  }

  return {
    getOwn: (viewer: Viewer) => load(viewer.userId),

    /**
     * Updates the profile. New files are stored before the transaction, so a refused file (415,
     * 413) never gets this far and nothing is lost; the rows change in one transaction; a failed
     * transaction removes the new files; replaced files go only after the commit.
     */
    async update(viewer: Viewer, input: ParsedProfileUpdate, uploads: Partial<Record<ProfileFileKind, CheckedFile>>): Promise<ProfileOut> {
      const profile = await repo.ensureProfile(db, viewer.userId);
      const stored: Partial<Record<ProfileFileKind, NewFile>> = {};
      let replaced: number[];
      try {
        for (const kind of ['photo', 'resume'] as const) {
          const file = uploads[kind];
          if (file) stored[kind] = await files.store(viewer.userId, file);
        }
        replaced = await db.transaction(async (tx) => {
          const before = await repo.lockProfileFiles(tx, profile.id);
          const values = toValues(input);
          const rows: Partial<Record<ProfileFileKind, UploadedFileRow>> = {};
          for (const kind of ['photo', 'resume'] as const) {
            const file = stored[kind];
            if (file) rows[kind] = await files.insert(tx, file);
          }
          if (rows.photo) values.photoFileId = rows.photo.id;
          if (rows.resume) values.resumeFileId = rows.resume.id;
          await repo.updateProfile(tx, profile.id, values);
          if (input.full_name !== undefined) await repo.updateUserName(tx, viewer.userId, input.full_name);
          await repo.replaceProfileLists(tx, profile.id, {
            educations: input.educations,
            workExperience: input.work_experience,
            skills: input.skills,
          });
          return [rows.photo && before.photoFileId, rows.resume && before.resumeFileId].filter((id): id is number => !!id);
        });
      } catch (error) {
        for (const file of Object.values(stored)) await files.removeStored(file.storageKey);
        throw error;
      }
      // Replaced files go once nothing uses them (after the commit that replaced them).
      await files.release(replaced);
      return load(viewer.userId);
    },

    /**
     * A job seeker's profile for an admin, or for a member of a company the seeker has a live
     * application with (404 for everyone else), with the interview feedback they chose to show.
     * The company reads the resume sent with the application, not whatever the profile holds today.
     */
    async getForViewer(viewer: Viewer, jobseekerId: number): Promise<JobseekerProfileOut> {
      await authorizeView(viewer, jobseekerId);
      const [profile, shown] = await Promise.all([load(jobseekerId), findShownFeedback(db, jobseekerId)]);
      const withFeedback = { ...profile, shown_feedback: shown.map(presentShownFeedback) };
      if (can(viewer, 'jobseeker.view_profile_resume', { id: jobseekerId })) return withFeedback;
      const sent = viewer.companyId === null ? undefined : await repo.findResumeSentToCompany(db, jobseekerId, viewer.companyId);
      return { ...withFeedback, resume: sent ? presentFile(applicationResumeUrl(sent.applicationId), sent.file) : null };
    },

    /** The bytes of a job seeker's photo or resume for a viewer allowed to see the profile; 404 otherwise. */
    async getFile(viewer: Viewer | null, jobseekerId: number, kind: ProfileFileKind): Promise<{ file: UploadedFileRow; data: Buffer }> {
      const what = kind === 'photo' ? 'That photo' : 'That resume';
      await authorizeView(viewer, jobseekerId, what);
      // The profile's own resume is the job seeker's; companies read the one sent with an application.
      if (kind === 'resume') {
        authorize(viewer, 'jobseeker.view_profile_resume', { id: jobseekerId }, { notFoundAs: what });
      }
      const file = await repo.findProfileFile(db, jobseekerId, kind);
      const data = file ? await files.read(file) : undefined;
      if (!file || !data) throw notFound(what);
      return { file, data };
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;
