import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { applications, jobs, jobseekerProfiles, uploadedFiles, type UploadedFileRow } from '../../db/schema';

/** The row of a stored upload, before it is inserted. */
export type NewFile = Pick<typeof uploadedFiles.$inferInsert, 'ownerId' | 'storageKey' | 'originalName' | 'contentType' | 'sizeBytes'>;

export async function insertUploadedFile(db: Db, file: NewFile): Promise<UploadedFileRow> {
  const [row] = await db.insert(uploadedFiles).values(file).returning();
  return row!;
}

/** Deletes a file's row by its storage key (a row written for an upload that was then refused). */
export async function deleteUploadedFileByKey(db: Db, storageKey: string): Promise<void> {
  await db.delete(uploadedFiles).where(eq(uploadedFiles.storageKey, storageKey));
}

/**
 * Deletes a file's row when nothing refers to it any more (no profile, no application) and gives
 * its storage key so the caller removes the bytes; undefined when it is still in use or gone.
 */
export async function deleteFileIfUnused(db: Db, id: number): Promise<string | undefined> {
  const rows = await queryRows<{ storage_key: string }>(
    db,
    sql`delete from ${uploadedFiles} f where f.id = ${id}
      and not exists (select 1 from ${applications} a where a.resume_file_id = f.id)
      and not exists (select 1 from ${jobseekerProfiles} p where p.photo_file_id = f.id or p.resume_file_id = f.id)
      returning f.storage_key`,
  );
  return rows[0]?.storage_key;
}

/** The resume files of the applications to these jobs, or to every job of this company. */
export async function findApplicationResumeIds(db: Db, of: { jobId: number } | { companyId: number }): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: applications.resumeFileId })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .where('jobId' in of ? eq(jobs.id, of.jobId) : eq(jobs.companyId, of.companyId));
  return rows.flatMap((r) => (r.id === null ? [] : [r.id]));
}

/** The storage keys of every file a user uploaded (their photo and resumes, those sent with applications too). */
export async function findStorageKeysOfOwner(db: Db, ownerId: number): Promise<string[]> {
  const rows = await db.select({ key: uploadedFiles.storageKey }).from(uploadedFiles).where(eq(uploadedFiles.ownerId, ownerId));
  return rows.map((r) => r.key);
}
