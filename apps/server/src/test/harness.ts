import fs from 'node:fs';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openPglite, openPostgres, type Database } from '../db/client';
import { createSmtpMailer } from '../lib/mail';
import { startSmtpPeer, type SmtpPeer } from './smtp-peer';

let databaseCounter = 0;

/** A fresh migrated database for one test file, on the run's target (PGlite or PostgreSQL). */
export async function openTestDatabase(): Promise<Database> {
  const target = inject('testDb');
  if (target.kind === 'pglite') {
    return openPglite({ loadDataDir: new Blob([fs.readFileSync(target.dumpPath)]) });
  }
  const name = `${target.runId}_${process.pid}_${databaseCounter++}`;
  const admin = new pg.Client({ connectionString: target.serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${target.template}"`);
  await admin.end();
  const url = new URL(target.serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { max: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: target.serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  smtp: SmtpPeer;
  config: Config;
  close(): Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const smtp = await startSmtpPeer();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent-test-data',
    WEB_DIST: '/nonexistent-web-dist',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123',
    ...env,
  });
  const app = await buildApp({ config, database, mailer: createSmtpMailer(smtp.url, config.mailFrom) });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    smtp,
    config,
    async close() {
      await app.close();
      await smtp.close();
      await database.close();
    },
  };
}

/** JSON body of an injected response, typed by the caller. */
export const json = <T = Record<string, unknown>>(res: LightMyRequestResponse) => res.json<T>();

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
