import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { openPostgres, type Database } from '../db/client';
import { connectAdmin } from './server-admin';
import { startServerProcess, waitForExit, type ServerProcess } from './server-process';

/** What the PostgreSQL pass's global setup gives each test file (vitest's `inject('testDb')`). */
interface PostgresTarget {
  serverUrl: string;
  runId: string;
  template: string;
}

export interface ServerPair {
  servers: [ServerProcess, ServerProcess];
  /** The database both serve, for factories. */
  database: Database;
  dataDir: string;
  /** Signs in with the factories' password through one of the servers. */
  login(base: string, email: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Two real server processes on one fresh PostgreSQL database, sharing Redis under a prefix of their
 * own; `close` stops them and removes the database, the Redis keys and the data folder.
 */
export async function startServerPair(
  target: PostgresTarget,
  name: string,
  redisUrl: string,
  env: Record<string, string> = {},
): Promise<ServerPair> {
  const dbName = `${target.runId}_${name}_${process.pid}`;
  const prefix = `jp_test_${name}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}:`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `jp-${name}-`));
  const admin = await connectAdmin(target.serverUrl);
  await admin.query(`CREATE DATABASE "${dbName}" TEMPLATE "${target.template}"`);
  await admin.end();
  const url = new URL(target.serverUrl);
  url.pathname = `/${dbName}`;
  const database = await openPostgres(url.toString(), { max: 2 });
  const shared = {
    DATABASE_URL: url.toString(),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    RATE_LIMIT_MULTIPLIER: '100',
    JWT_SECRET: 'server-pair-secret-long-enough-0123456789',
    ...env,
  };
  const servers = (await Promise.all([startServerProcess(shared), startServerProcess(shared)])) as [ServerProcess, ServerProcess];
  return {
    servers,
    database,
    dataDir,
    async login(base, email) {
      const res = await fetch(`${base}/api/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'correct-horse-battery' }),
      });
      return ((await res.json()) as { accessToken: string }).accessToken;
    },
    async close() {
      for (const s of servers) {
        s.child.kill('SIGTERM');
        await waitForExit(s.child);
      }
      await database.close();
      const dropper = await connectAdmin(target.serverUrl);
      await dropper.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await dropper.end();
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
