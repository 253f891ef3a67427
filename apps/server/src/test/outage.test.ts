/**
 * A PostgreSQL server that goes away under load and comes back: requests meanwhile answer 503 with
 * Retry-After (JSON, within the pool's stated time-outs), /readyz says not ready, nothing that was
 * acknowledged is lost, and the server heals without a restart. Runs against a throwaway cluster
 * this test makes with initdb/pg_ctl in a temporary folder, never the machine's shared server.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openPostgres, type Database } from '../db/client';
import { createUser } from '../seed/factories';
import { waitFor } from './wait';
import { createLocalStorage } from '../lib/storage';
import type { FastifyInstance } from 'fastify';

const binDir = fs.existsSync('/usr/lib/postgresql')
  ? fs
      .readdirSync('/usr/lib/postgresql')
      .map((version) => path.join('/usr/lib/postgresql', version, 'bin'))
      .find((dir) => fs.existsSync(path.join(dir, 'pg_ctl')))
  : undefined;
// The machine's PostgreSQL binaries are needed; CI (TEST_DATABASE_URL set) has them, so there it never skips.
const canRun = binDir !== undefined || process.env.TEST_DATABASE_URL !== undefined;

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-outage-'));
const dataDir = path.join(folder, 'data');
const port = 20_000 + Math.floor(Math.random() * 20_000);
const isRoot = process.getuid?.() === 0;

const run = promisify(execFile);
/** Runs a PostgreSQL tool, as the postgres user when this process is root (initdb refuses root). */
async function pgTool(tool: string, args: string[]) {
  const command = path.join(binDir!, tool);
  if (isRoot) await run('runuser', ['-u', 'postgres', '--', command, ...args]);
  else await run(command, args);
}
const startCluster = () =>
  pgTool('pg_ctl', [
    '-D',
    dataDir,
    '-l',
    path.join(folder, 'log'),
    '-w',
    '-t',
    '60',
    '-o',
    `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ]);
const stopCluster = () => pgTool('pg_ctl', ['-D', dataDir, '-w', '-t', '60', '-m', 'fast', 'stop']);

let database: Database;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  if (!canRun) return;
  if (isRoot) execFileSync('chown', ['postgres', folder]);
  await pgTool('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync']);
  await startCluster();
  database = await openPostgres(`postgres://postgres@127.0.0.1:${port}/postgres`, { max: 4 });
  await database.migrate();
  app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: folder,
      WEB_DIST: '/nonexistent-web-dist',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123',
      RATE_LIMIT_MULTIPLIER: '100',
    }),
    database,
    storage: createLocalStorage(path.join(folder, 'uploads')),
  });
  await app.ready();
  const admin = await createUser(database.db, { role: 'admin' });
  const login = await app.inject({
    method: 'POST',
    url: '/api/admin/login/',
    payload: { email: admin.email, password: 'correct-horse-battery' },
  });
  token = login.json<{ accessToken: string }>().accessToken;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close().catch(() => undefined);
  if (binDir && fs.existsSync(path.join(dataDir, 'postmaster.pid'))) await stopCluster();
  fs.rmSync(folder, { recursive: true, force: true });
});

const addCategory = (name: string) =>
  app.inject({ method: 'POST', url: '/api/job-categories/', headers: { authorization: `Bearer ${token}` }, payload: { name } });

describe.skipIf(!canRun)('a PostgreSQL server that goes away and comes back', () => {
  it('answers 503 with Retry-After meanwhile, loses nothing acknowledged, and heals by itself', async () => {
    const acknowledged: string[] = [];
    const statuses = new Set<number>();
    let n = 0;
    // Writes keep coming while the database stops, is down, and starts again.
    const writeSome = async (count: number) => {
      const answers = await Promise.all(Array.from({ length: count }, () => addCategory(`Outage ${n++}`)));
      for (const res of answers) {
        statuses.add(res.statusCode);
        const body = res.json<{ name?: string; code?: string }>();
        if (res.statusCode === 201) acknowledged.push(body.name!);
        else {
          expect(res.statusCode, res.body).toBe(503);
          expect(body.code).toBe('service_unavailable');
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
    };
    await writeSome(8);
    await Promise.all([writeSome(8), stopCluster()]);

    // Down: writes, reads and readiness all say so, promptly, as JSON.
    await writeSome(4);
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBeDefined();
    const read = await app.inject({ url: '/api/job-categories/' });
    expect(read.statusCode).toBe(503);
    expect(statuses.has(503)).toBe(true);

    // Back: the same process heals on its own.
    await startCluster();
    await waitFor('/readyz to answer 200 again', async () => (await app.inject({ url: '/readyz' })).statusCode === 200, {
      timeoutMs: 30_000,
      everyMs: 100,
    });
    await writeSome(4);
    expect(statuses.has(500)).toBe(false);

    // Everything that was acknowledged is there.
    const listed = (await app.inject({ url: '/api/job-categories/' })).json<Array<{ name: string }>>().map((c) => c.name);
    expect(acknowledged.length).toBeGreaterThan(8);
    for (const name of acknowledged) expect(listed).toContain(name);
  }, 120_000);
});
