import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { ChatMessageOut, ChatRoomOut, ClientToServerEvents, ServerToClientEvents } from '@jobportal/shared';
import { openPostgres, type Database } from '../db/client';
import { createApplication, createCompany, createJob, createUser, createUploadedFile } from '../db/seed/factories';
import { makePdf } from '../db/seed/documents';
import { createLocalStorage } from '../lib/storage';
import { startServerProcess, waitForExit, type ServerProcess } from '../test/server-process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectAdmin } from '../test/server-admin';

/**
 * Two real server processes sharing PostgreSQL and Redis: a message sent through one reaches a socket
 * connected to the other (the Redis adapter). Needs TEST_DB=postgres and TEST_REDIS_URL.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const target = inject('testDb');
const prefix = `jp_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}:`;

// Runs in the PostgreSQL pass only (vitest.config.ts); without TEST_REDIS_URL it is skipped, and `npm test` says why.
describe.skipIf(!redisUrl || target.kind !== 'postgres')('live events across two server processes (REDIS_URL)', () => {
  let database: Database;
  let dbName: string;
  let serverUrl: string;
  const servers: ServerProcess[] = [];
  const sockets: Socket[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-redis-'));

  beforeAll(async () => {
    if (target.kind !== 'postgres') return;
    serverUrl = target.serverUrl;
    dbName = `${target.runId}_redis_${process.pid}`;
    const admin = await connectAdmin(serverUrl);
    await admin.query(`CREATE DATABASE "${dbName}" TEMPLATE "${target.template}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    database = await openPostgres(url.toString(), { max: 2 });
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: prefix,
      SEED_DEMO: 'false',
      DATA_DIR: dataDir,
      RATE_LIMIT_MULTIPLIER: '100',
      JWT_SECRET: 'redis-test-secret-long-enough-0123456789',
    };
    servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    for (const s of servers) {
      s.child.kill('SIGTERM');
      await waitForExit(s.child);
    }
    await database?.close();
    if (dbName) {
      const admin = await connectAdmin(serverUrl);
      await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await admin.end();
    }
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const login = async (base: string, email: string) => {
    const res = await fetch(`${base}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct-horse-battery' }),
    });
    return ((await res.json()) as { accessToken: string }).accessToken;
  };

  it('a message sent through one process reaches a socket on the other', async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess];
    const db = database.db;
    const owner = await createUser(db, { role: 'employer' });
    const company = await createCompany(db, owner.id, { isApproved: true });
    const job = await createJob(db, company.id);
    const seeker = await createUser(db, { role: 'jobseeker' });
    const resume = await createUploadedFile(db, createLocalStorage(path.join(dataDir, 'uploads')), seeker.id, {
      name: 'cv.pdf',
      contentType: 'application/pdf',
      data: makePdf('CV', ['x']),
    });
    await createApplication(db, { jobId: job.id, jobseekerId: seeker.id, resumeFileId: resume.id });
    const ownerToken = await login(one.url, owner.email);
    const seekerToken = await login(two.url, seeker.email);

    const s: Socket<ServerToClientEvents, ClientToServerEvents> = connect(two.url, {
      path: '/socket.io/',
      auth: { token: seekerToken },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(s);
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    const arrived = new Promise<ChatMessageOut>((resolve) => s.once('message:new', resolve));
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${ownerToken}` };
    const room = (await (
      await fetch(`${one.url}/api/chatrooms/`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ jobseeker_id: seeker.id, employer_id: owner.id }),
      })
    ).json()) as ChatRoomOut;
    const sent = (await (
      await fetch(`${one.url}/api/chatrooms/${room.id}/messages/`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ content: 'Across processes', client_id: 'x1' }),
      })
    ).json()) as ChatMessageOut;
    expect(await arrived).toEqual(sent);
  }, 60_000);
});
