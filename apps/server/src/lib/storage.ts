import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live, outside the web root; the API serves them after its access checks.
 * The default keeps them in a local folder; another backend (S3, say) only has to implement this.
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** The stored bytes, or undefined when there is no such file. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes a file; removing one that is not there is not an error. */
  remove(key: string): Promise<void>;
}

// Keys are made by the server (never from a client's file name); this shape keeps them inside the root.
const keyShape = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/;

function assertKey(key: string): void {
  if (!keyShape.test(key)) throw new Error(`invalid storage key: ${key}`);
}

export function createLocalStorage(root: string): Storage {
  const pathOf = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split('/'));
  };
  // Folders known to exist: a busy upload path then costs no mkdir per file.
  const folders = new Set<string>();
  return {
    async put(key, data) {
      const target = pathOf(key);
      const folder = path.dirname(target);
      // Write then rename, so a reader never sees half a file.
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      const write = () => fs.writeFile(temp, data, { mode: 0o600 });
      if (!folders.has(folder)) {
        await fs.mkdir(folder, { recursive: true });
        folders.add(folder);
      }
      try {
        await write();
      } catch (error) {
        // The folder went away (removed by hand): make it again, once.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await fs.mkdir(folder, { recursive: true });
        await write();
      }
      await fs.rename(temp, target);
    },
    async get(key) {
      try {
        return await fs.readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(key) {
      await fs.rm(pathOf(key), { force: true });
    },
  };
}
