import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';
import { connectAdmin } from './server-admin';

/**
 * Migrates one database per run: a PGlite dump that each test file loads (about 0.4 s instead of a
 * 2 s initdb), or a PostgreSQL template database each test file copies. Dropped at the end.
 */
export default async function setup(project: TestProject) {
  const target = process.env.TEST_DB ?? 'pglite';
  const runId = `jp_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  if (target === 'postgres') {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const admin = await connectAdmin(serverUrl);
    const template = `${runId}_tpl`;
    await admin.query(`CREATE DATABASE "${template}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const database = await openPostgres(url.toString(), { max: 1 });
    await database.migrate();
    await database.close();
    project.provide('testDb', { kind: 'postgres', serverUrl, template, runId });
    return async () => {
      // A connection of its own: one held idle through the whole run would be this process's to lose.
      const dropper = await connectAdmin(serverUrl);
      const { rows } = await dropper.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${runId}%`]);
      for (const { datname } of rows) await dropper.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      await dropper.end();
    };
  }
  const database = await openPglite();
  await database.migrate();
  const dumpPath = path.join(os.tmpdir(), `${runId}.tar.gz`);
  fs.writeFileSync(dumpPath, Buffer.from(await (await database.dump!()).arrayBuffer()));
  await database.close();
  project.provide('testDb', { kind: 'pglite', dumpPath, runId });
  return () => fs.rmSync(dumpPath, { force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { kind: 'postgres'; serverUrl: string; template: string; runId: string } | { kind: 'pglite'; dumpPath: string; runId: string };
  }
}
