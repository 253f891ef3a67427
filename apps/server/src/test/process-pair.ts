import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { openPostgres, type Database } from '../db/client';
import { connectAdmin } from './server-admin';
import { startServerProcess, waitForExit, type ServerProcess } from './server-process';
import { startSmtpPeer, type SmtpPeer } from './smtp-peer';

export interface ServerProcesses {
  /** The database the processes share (made from the run's template), for the test's own rows. */
  database: Database;
  smtp: SmtpPeer;
  /** Their data folder (uploads). */
  dataDir: string;
  /** Starts one more server process on that database; every one still running is killed at the end. */
  start(): Promise<ServerProcess>;
}

/**
 * The setting of the tests that run real server processes side by side and kill one (exactly once
 * across processes): a database of their own from the PostgreSQL run's template, a real SMTP peer,
 * their job runners every second. Call it inside a `describe` of the PostgreSQL pass: it registers
 * the describe's beforeAll and afterAll, which remove everything again. `name` tells the database
 * and folder apart; `env` adds to the processes' environment.
 */
export function useServerProcesses(name: string, env: Record<string, string>): ServerProcesses {
  const target = inject('testDb');
  const running: ServerProcess[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `jp-${name}-`));
  let serverUrl = '';
  let dbName = '';
  let processEnv: Record<string, string> = {};
  const setting = { dataDir } as ServerProcesses;

  beforeAll(async () => {
    if (target.kind !== 'postgres') return;
    serverUrl = target.serverUrl;
    dbName = `${target.runId}_${name}_${process.pid}`;
    const admin = await connectAdmin(serverUrl);
    await admin.query(`CREATE DATABASE "${dbName}" TEMPLATE "${target.template}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    setting.database = await openPostgres(url.toString(), { max: 2 });
    setting.smtp = await startSmtpPeer();
    processEnv = {
      DATABASE_URL: url.toString(),
      SMTP_URL: setting.smtp.url,
      REMINDER_INTERVAL_SECONDS: '1',
      SEED_DEMO: 'false',
      DATA_DIR: dataDir,
      ...env,
    };
  }, 60_000);

  afterAll(async () => {
    for (const s of running) {
      if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
      await waitForExit(s.child);
    }
    await setting.smtp?.close();
    await setting.database?.close();
    if (dbName) {
      const admin = await connectAdmin(serverUrl);
      await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await admin.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  setting.start = async () => {
    const server = await startServerProcess(processEnv);
    running.push(server);
    return server;
  };
  return setting;
}
