import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded files live, outside the web root; the API serves them after its access checks.
 * The default keeps them in a local folder; another backend (S3, say) only has to implement this.
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** The stored bytes, or undefined when there is no such file. */
  get(key: string): Promise<Buffer | undefined>;
  /** Writes a file from a stream, never holding it whole (a data export); answers its size in bytes. */
  putStream(key: string, source: Readable): Promise<number>;
  /** The stored bytes as a stream, or undefined when there is no such file. */
  openRead(key: string): Promise<Readable | undefined>;
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
  /** Writes to a temporary name then renames, so a reader never sees half a file. */
  async function writeThenRename(key: string, write: (temp: string) => Promise<void>, { once = false } = {}): Promise<void> {
    const target = pathOf(key);
    const folder = path.dirname(target);
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    if (!folders.has(folder)) {
      await fs.mkdir(folder, { recursive: true });
      folders.add(folder);
    }
    try {
      await write(temp);
    } catch (error) {
      await fs.rm(temp, { force: true });
      // The folder went away (removed by hand): make it again and write once more (not a stream: it was read).
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || once) throw error;
      await fs.mkdir(folder, { recursive: true });
      await write(temp);
    }
    await fs.rename(temp, target);
  }
  return {
    async put(key, data) {
      await writeThenRename(key, (temp) => fs.writeFile(temp, data, { mode: 0o600 }));
    },
    async putStream(key, source) {
      await writeThenRename(key, (temp) => pipeline(source, createWriteStream(temp, { mode: 0o600 })), { once: true });
      return (await fs.stat(pathOf(key))).size;
    },
    async openRead(key) {
      try {
        // Opened here, so a missing file is known before anything is sent.
        const handle = await fs.open(pathOf(key), 'r');
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
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
