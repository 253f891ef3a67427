import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { fileKinds } from '@jobportal/shared';
import type { Db } from '../../db/client';
import type { UploadedFileRow } from '../../db/schema';
import type { Storage } from '../../lib/storage';
import { extensionOf, typeOfKey, type CheckedFile, type KnownFileType } from './file-types';
import * as repo from './files.repository';
import type { NewFile } from './files.repository';

/**
 * Resumes sent with an application have sat in their own folder since the first ones were stored;
 * their keys say so, so the folder stays (profile resumes use `fileKinds.resume.folder`).
 */
export const applicationResumesFolder = 'application-resumes';

export interface FilesDeps {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
}

/**
 * Uploaded files, one home: storing checked uploads under server-made keys, reading them back for
 * the routes that serve them, and letting them go. The only user of the `Storage`.
 */
export function createFilesService({ db, storage, log }: FilesDeps) {
  /** Writes the bytes under a fresh key `<folder>/<owner>-<random>.<extension>` (never a client's string). */
  async function put(file: CheckedFile, owner: string, folder: string = fileKinds[file.kind].folder): Promise<string> {
    const key = `${folder}/${owner}-${randomBytes(8).toString('hex')}.${extensionOf(file.kind, file.contentType)}`;
    await storage.put(key, file.data);
    return key;
  }

  /** Removes stored bytes, logging (never throwing) a failure: an orphaned file costs space, not correctness. */
  async function removeStored(key: string): Promise<void> {
    await storage.remove(key).catch((error: unknown) => log.warn({ err: error, key }, 'stored file not removed'));
  }

  /**
   * Uploaded files (resumes, photos) are kept while a profile or an application uses them. When
   * something that used them goes (a replaced profile file, a deleted job or company), `release`
   * deletes those no longer used, row and bytes, after the commit that let them go. A failure only
   * leaves an orphan, logged.
   */
  async function release(ids: Iterable<number>): Promise<void> {
    for (const id of new Set(ids)) {
      try {
        const key = await repo.deleteFileIfUnused(db, id);
        if (key) await removeStored(key);
      } catch (error) {
        log.warn({ err: error, fileId: id }, 'file not released');
      }
    }
  }

  return {
    /**
     * Stores a user's checked upload and gives the row that describes it, for the caller to insert
     * in its own transaction (`insert`). Undo with `discard` when that transaction fails.
     */
    async store(ownerId: number, file: CheckedFile, options: { folder?: string } = {}): Promise<NewFile> {
      const storageKey = await put(file, `user-${ownerId}`, options.folder);
      return { ownerId, storageKey, originalName: file.name, contentType: file.contentType, sizeBytes: file.data.length };
    },

    /** Inserts a stored file's row (in the caller's transaction when given one). */
    insert: (tx: Db, file: NewFile): Promise<UploadedFileRow> => repo.insertUploadedFile(tx, file),

    /** Undoes `store` for an upload that was refused after all: its row, if written, and its bytes. */
    async discard(file: Pick<NewFile, 'storageKey'>): Promise<void> {
      await repo.deleteUploadedFileByKey(db, file.storageKey);
      await removeStored(file.storageKey);
    },

    /** Removes bytes that no row refers to (an upload whose transaction failed, a replaced logo). */
    removeStored,

    /** A stored file as a stream (a data export's zip, the files it carries), or undefined when missing. */
    openStored: (key: string): Promise<Readable | undefined> => storage.openRead(key),

    /** Writes a person's data export from a stream under a fresh key; answers the key and its size. */
    async storeExport(ownerId: number, source: Readable): Promise<{ key: string; size: number }> {
      const key = `exports/user-${ownerId}-${randomBytes(8).toString('hex')}.zip`;
      return { key, size: await storage.putStream(key, source) };
    },

    /** The stored bytes of a file row, or undefined when they are missing. */
    read: (file: Pick<UploadedFileRow, 'storageKey'>): Promise<Buffer | undefined> => storage.get(file.storageKey),

    /** Stores a company's checked logo; gives its key (kept on the company row, which has no file row). */
    storeLogo: (companyId: number, file: CheckedFile): Promise<string> => put(file, `company-${companyId}`),

    /** A logo's bytes and type by its key, or undefined when it is missing. */
    async readLogo(key: string): Promise<{ data: Buffer; contentType: KnownFileType } | undefined> {
      const contentType = typeOfKey('logo', key);
      const data = contentType ? await storage.get(key) : undefined;
      return data && contentType ? { data, contentType } : undefined;
    },

    release,

    /**
     * The storage keys of a user's uploads, read in the transaction that deletes the user (their
     * rows go with the user by cascade); remove the bytes with `removeAllStored` after the commit.
     */
    storedKeysOfOwner: (tx: Db, ownerId: number): Promise<string[]> => repo.findStorageKeysOfOwner(tx, ownerId),
    /** The resume files of a company's applications, for `release` after the company is gone. */
    applicationResumesOf: (tx: Db, companyId: number): Promise<number[]> => repo.findApplicationResumeIds(tx, { companyId }),
    async removeAllStored(keys: Iterable<string>): Promise<void> {
      for (const key of keys) await removeStored(key);
    },

    /** Deletes something that applications hang on (a job, a company), then the resumes only they used. */
    async withApplicationsOf<T>(of: { jobId: number } | { companyId: number }, remove: () => Promise<T>): Promise<T> {
      const resumes = await repo.findApplicationResumeIds(db, of);
      const removed = await remove();
      await release(resumes);
      return removed;
    },
  };
}
export type FilesService = ReturnType<typeof createFilesService>;
/** What a service that deletes things files hang on needs. */
export type FileReleaser = Pick<FilesService, 'release' | 'withApplicationsOf'>;
