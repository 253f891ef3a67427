import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { ChatMessageOut, ChatRoomOut, ClientToServerEvents, ServerToClientEvents } from '@jobportal/shared';
import type { Database } from '../db/client';
import { createApplication, createCompany, createJob, createUser, createUploadedFile } from '../seed/factories';
import { makePdf } from '../seed/documents';
import { createLocalStorage } from '../lib/storage';
import type { ServerProcess } from '../test/server-process';
import { startServerPair, type ServerPair } from '../test/server-pair';
import path from 'node:path';

/**
 * Two real server processes sharing PostgreSQL and Redis: a message sent through one reaches a socket
 * connected to the other (the Redis adapter). Needs TEST_DB=postgres and TEST_REDIS_URL.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const target = inject('testDb');

// Runs in the PostgreSQL pass only (vitest.config.ts); without TEST_REDIS_URL it is skipped, and `npm test` says why.
describe.skipIf(!redisUrl || target.kind !== 'postgres')('live events across two server processes (REDIS_URL)', () => {
  let pair: ServerPair;
  let servers: ServerProcess[];
  let database: Database;
  let dataDir: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    if (target.kind !== 'postgres') return;
    pair = await startServerPair(target, 'redis', redisUrl!);
    ({ servers, database, dataDir } = pair);
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await pair?.close();
  });

  const login = (base: string, email: string) => pair.login(base, email);

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
