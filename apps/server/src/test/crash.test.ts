import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, waitForExit } from './server-process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-crash-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const env = {
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  RATE_LIMIT_MULTIPLIER: '1000',
  JWT_SECRET: 'crash-test-secret-long-enough-0123456789',
};

describe('embedded database durability', () => {
  it('keeps every acknowledged write through kill -9, and refuses a second server on the folder', async () => {
    const first = await startServerProcess(env);

    // A second server on the same folder must stop at once, naming the holder.
    const second = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../main.ts', import.meta.url))], {
      env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`in use by another server (process ${first.child.pid})`);

    const acknowledged: string[] = [];
    let thirtyAcknowledged!: () => void;
    const thirty = new Promise<void>((resolve) => (thirtyAcknowledged = resolve));
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const email = `crash-${w}-${i}@example.test`;
        try {
          const res = await fetch(`${first.url}/api/signup/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password: 'a-long-unusual-pass', full_name: 'Crash Test', role: 'jobseeker' }),
          });
          if (res.status === 201 && acknowledged.push(email) === 30) thirtyAcknowledged();
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    await thirty;
    first.child.kill('SIGKILL');
    stop = true;
    await waitForExit(first.child);
    await Promise.all(writers);

    // Restart on the same folder: the stale lock and PGlite's pid file must not block it.
    const again = await startServerProcess(env);
    try {
      // Each acknowledged account is there: its password is right and it only lacks the e-mail
      // confirmation (403 email_not_verified; a missing account would be 401).
      for (const email of acknowledged) {
        const res = await fetch(`${again.url}/api/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'a-long-unusual-pass' }),
        });
        expect(res.status, `${email} should survive`).toBe(403);
      }
      const missing = await fetch(`${again.url}/api/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'never-signed-up@example.test', password: 'a-long-unusual-pass' }),
      });
      expect(missing.status).toBe(401);
    } finally {
      again.child.kill('SIGTERM');
      expect(await waitForExit(again.child)).toBe(0);
    }
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    // Three server starts on the embedded database and 60 argon2 hashes: slow on a busy 2-core machine.
  }, 120_000);
});
