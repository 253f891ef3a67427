import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ProfileOut, profileUpdate } from '@jobportal/shared';
import type { Db } from '../../db/client';
import type { UploadedFileRow } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { authorize } from '../../policies/policy';
import type { Viewer } from '../../lib/access';
import type { Storage } from '../../lib/storage';
import { documentTypes, imageTypes, type FormFile } from '../../lib/uploads';
import { createFileReleaser, removeStored } from '../files/files.service';
import { presentProfile } from './profiles.presenter';
import * as repo from './profiles.repository';
import type { NewFile, ProfileValues } from './profiles.repository';

export type ParsedProfileUpdate = ReturnType<typeof profileUpdate.parse>;
export type ProfileFileKind = 'photo' | 'resume';

export interface ProfilesDeps {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
}

const folders = { photo: 'photos', resume: 'resumes', 'application-resume': 'application-resumes' } as const;

/**
 * Writes an upload's bytes to the storage under a fresh server-made key and gives the row that
 * describes it (inserted by the caller, in its transaction).
 */
export async function storeUpload(storage: Storage, kind: keyof typeof folders, ownerId: number, file: FormFile): Promise<NewFile> {
  const extension =
    (imageTypes as Record<string, string>)[file.contentType] ?? (documentTypes as Record<string, string>)[file.contentType] ?? 'bin';
  const storageKey = `${folders[kind]}/user-${ownerId}-${randomBytes(8).toString('hex')}.${extension}`;
  await storage.put(storageKey, file.data);
  return { ownerId, storageKey, originalName: file.name, contentType: file.contentType, sizeBytes: file.data.length };
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

export function createProfilesService({ db, storage, log }: ProfilesDeps) {
  async function load(userId: number): Promise<ProfileOut> {
    await repo.ensureProfile(db, userId);
    return presentProfile((await repo.findProfileRecord(db, userId))!);
  }

  // Replaced files go once nothing uses them (after the commit that replaced them).
  const releaser = createFileReleaser({ db, storage, log });

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
    async update(viewer: Viewer, input: ParsedProfileUpdate, files: Partial<Record<ProfileFileKind, FormFile>>): Promise<ProfileOut> {
      const profile = await repo.ensureProfile(db, viewer.userId);
      const stored: Partial<Record<ProfileFileKind, NewFile>> = {};
      let replaced: number[];
      try {
        for (const kind of ['photo', 'resume'] as const) {
          const file = files[kind];
          if (file) stored[kind] = await storeUpload(storage, kind, viewer.userId, file);
        }
        replaced = await db.transaction(async (tx) => {
          const before = await repo.lockProfileFiles(tx, profile.id);
          const values = toValues(input);
          const rows: Partial<Record<ProfileFileKind, UploadedFileRow>> = {};
          for (const kind of ['photo', 'resume'] as const) {
            const file = stored[kind];
            if (file) rows[kind] = await repo.insertUploadedFile(tx, file);
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
        for (const file of Object.values(stored)) await removeStored(storage, log, file.storageKey);
        throw error;
      }
      await releaser.release(replaced);
      return load(viewer.userId);
    },

    /** A job seeker's profile for an admin or an employer the seeker applied to; 404 for everyone else. */
    async getForViewer(viewer: Viewer, jobseekerId: number): Promise<ProfileOut> {
      await authorizeView(viewer, jobseekerId);
      return load(jobseekerId);
    },

    /** The bytes of a job seeker's photo or resume for a viewer allowed to see the profile; 404 otherwise. */
    async getFile(viewer: Viewer | null, jobseekerId: number, kind: ProfileFileKind): Promise<{ file: UploadedFileRow; data: Buffer }> {
      const what = kind === 'photo' ? 'That photo' : 'That resume';
      await authorizeView(viewer, jobseekerId, what);
      const file = await repo.findProfileFile(db, jobseekerId, kind);
      const data = file ? await storage.get(file.storageKey) : undefined;
      if (!file || !data) throw notFound(what);
      return { file, data };
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;
