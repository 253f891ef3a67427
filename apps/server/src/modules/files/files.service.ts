import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Storage } from '../../lib/storage';
import * as repo from './files.repository';

/** Removes stored bytes, logging (never throwing) a failure: an orphaned file costs space, not correctness. */
export async function removeStored(storage: Storage, log: FastifyBaseLogger, key: string): Promise<void> {
  await storage.remove(key).catch((error: unknown) => log.warn({ err: error, key }, 'stored file not removed'));
}

/**
 * Uploaded files (resumes, photos) are kept while a profile or an application uses them. When
 * something that used them goes (a replaced profile file, a deleted job or company), `release`
 * deletes those no longer used, row and bytes, after the commit that let them go. A failure only
 * leaves an orphan, logged.
 */
export function createFileReleaser({ db, storage, log }: { db: Db; storage: Storage; log: FastifyBaseLogger }) {
  async function release(ids: Iterable<number>): Promise<void> {
    for (const id of new Set(ids)) {
      try {
        const key = await repo.deleteFileIfUnused(db, id);
        if (key) await removeStored(storage, log, key);
      } catch (error) {
        log.warn({ err: error, fileId: id }, 'file not released');
      }
    }
  }

  return {
    release,
    /** Deletes something that applications hang on (a job, a company), then the resumes only they used. */
    async withApplicationsOf<T>(of: { jobId: number } | { companyId: number }, remove: () => Promise<T>): Promise<T> {
      const resumes = await repo.findApplicationResumeIds(db, of);
      const removed = await remove();
      await release(resumes);
      return removed;
    },
  };
}
export type FileReleaser = ReturnType<typeof createFileReleaser>;
