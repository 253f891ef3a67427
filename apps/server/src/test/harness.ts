import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../app';
import { loadConfig, type Config } from '../config';
import { openPglite, openPostgres, type Database } from '../db/client';
import type { UserRow } from '../db/schema';
import { createUser, type UserSeed } from '../seed/factories';
import { createSmtpMailer, type Mailer } from '../lib/mail';
import { createLocalStorage, type Storage } from '../lib/storage';
import { connectAdmin } from './server-admin';
import { startSmtpPeer, type SmtpPeer } from './smtp-peer';

let databaseCounter = 0;

/** A fresh migrated database for one test file, on the run's target (PGlite or PostgreSQL). */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const target = inject('testDb');
  if (target.kind === 'pglite') {
    return openPglite({ loadDataDir: new Blob([fs.readFileSync(target.dumpPath)]) });
  }
  const name = `${target.runId}_${process.pid}_${databaseCounter++}`;
  const admin = await connectAdmin(target.serverUrl);
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${target.template}"`);
  await admin.end();
  const url = new URL(target.serverUrl);
  url.pathname = `/${name}`;
  // The product's pool size (10). With 4, a burst of 32 requests on a busy CI machine got none of
  // the 31 answers 409 it expected: a request may wait 3 s for a connection, then it answers 503.
  const database = await openPostgres(url.toString(), { max: 10 });
  return {
    ...database,
    /** Where it is, so a test can connect a second time (as a second server process would). */
    url: url.toString(),
    close: async () => {
      await database.close();
      const dropper = await connectAdmin(target.serverUrl);
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database & { url?: string };
  db: Database['db'];
  smtp: SmtpPeer;
  /** The app's mailer, watched: `idle()` waits until every send begun so far has finished (sent or failed). */
  mailer: { idle(): Promise<void> };
  config: Config;
  /** The temporary folder that uploads of this app go to. */
  uploadsDir: string;
  /** The app's storage (in uploadsDir), for factories that store files. */
  storage: Storage;
  close(): Promise<void>;
}

/** The environment of a test app (`createTestApp`), before what a test sets. */
export const testEnv: Record<string, string> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: '/nonexistent-test-data',
  WEB_DIST: '/nonexistent-web-dist',
  JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123',
  // Tests send reminders by calling app.reminders.runDue with the moment they need.
  REMINDER_INTERVAL_SECONDS: '0',
  // Factories write to the database directly: searches show what they wrote at once only without
  // the result cache (the cache's tests switch it on).
  SEARCH_CACHE_TTL: '0',
};

/** A mailer that knows its sends in flight, so a test waits for them rather than for a while. */
function watchedMailer(inner: Mailer): Mailer & { idle(): Promise<void> } {
  const inFlight = new Set<Promise<void>>();
  return {
    send(message) {
      const sending = inner.send(message);
      inFlight.add(sending);
      const forget = () => inFlight.delete(sending);
      sending.then(forget, forget);
      return sending;
    },
    close: () => inner.close(),
    async idle() {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
  };
}

/** A test app on a fresh database; `deps` replaces parts the test needs to hold (e.g. the rate limiter). */
export async function createTestApp(env: Record<string, string> = {}, deps: Pick<AppDeps, 'limiter'> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const smtp = await startSmtpPeer();
  const config = loadConfig({ ...testEnv, ...env });
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-uploads-'));
  const storage = createLocalStorage(uploadsDir);
  const mailer = watchedMailer(createSmtpMailer(smtp.url, config.mailFrom));
  const app = await buildApp({
    config,
    database,
    mailer,
    storage,
    ...deps,
  });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    smtp,
    mailer,
    config,
    uploadsDir,
    storage,
    async close() {
      await app.close();
      await smtp.close();
      await database.close();
      fs.rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

/** Makes the test app listen on a free local port (for sockets and real HTTP); answers its base URL. */
export async function listenLocally(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** JSON body of an injected response, typed by the caller. */
export const json = <T = Record<string, unknown>>(res: LightMyRequestResponse) => res.json<T>();

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Makes a user (factory defaults) and signs it in through the API; gives the user and its access token. */
export async function signedInUser(t: TestApp, seed: UserSeed = {}): Promise<{ user: UserRow; token: string }> {
  const user = await createUser(t.db, seed);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login/',
    payload: { email: user.email, password: seed.password ?? 'correct-horse-battery' },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return { user, token: res.json<{ accessToken: string }>().accessToken };
}
