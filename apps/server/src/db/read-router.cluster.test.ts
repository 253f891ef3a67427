/**
 * Public reads on a real streaming replica (initdb + pg_basebackup in a temporary folder): they go
 * to the replica; someone who just wrote reads from the primary; a replica too far behind, or one
 * that stops, is left out within 5 s with no error after; it is used again once well.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openPostgres, type Database } from './client';
import { createCompany, createJob, createUser } from '../seed/factories';
import { createLocalStorage } from '../lib/storage';
import { missingBinaries, startPgCluster, type PgCluster } from '../test/local-cluster';
import { waitFor } from '../test/wait';
import { recentWriteCookie } from '../lib/public-reads';
import type { ReplicaState } from './read-router';

const missing = missingBinaries(['postgres']);
if (missing.length) console.log(`SKIPPED read replica tests: this machine lacks ${missing.join(', ')}`);

describe.skipIf(missing.length > 0)('public reads on a streaming replica', () => {
  let cluster: PgCluster;
  let database: Database;
  let app: FastifyInstance;
  let replica: pg.Client;
  let folder: string;
  let companyId: number;

  beforeAll(async () => {
    cluster = await startPgCluster({ replicas: 1, durable: false });
    database = await openPostgres(cluster.primary.url());
    await database.migrate();
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-replica-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: folder,
      DATABASE_URL: cluster.primary.url(),
      DATABASE_REPLICA_URL: cluster.replicas[0]!.url(),
      DATABASE_REPLICA_MAX_LAG_SECONDS: '3',
      SEARCH_CACHE_TTL: '0',
      REMINDER_INTERVAL_SECONDS: '0',
      LOG_LEVEL: 'silent',
    });
    app = await buildApp({ config, database, storage: createLocalStorage(path.join(folder, 'uploads')) });
    const owner = await createUser(database.db, { role: 'employer', email: 'owner@replica.test' });
    companyId = (await createCompany(database.db, owner.id, { isApproved: true })).id;
    replica = new pg.Client({ connectionString: cluster.replicas[0]!.url() });
    await replica.connect();
  }, 120_000);

  afterAll(async () => {
    await replica?.end().catch(() => undefined);
    await app?.close();
    await database?.close();
    await cluster?.remove();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  const replicaState = async (): Promise<ReplicaState> => {
    const body = (await app.inject({ method: 'GET', url: '/readyz' })).json<{ replicas: ReplicaState[] }>();
    return body.replicas[0]!;
  };
  const jobStatus = async (id: number, cookie?: string) =>
    (await app.inject({ method: 'GET', url: `/api/jobs/${id}/`, headers: cookie ? { cookie } : {} })).statusCode;
  const replicaHas = async (id: number) => (await replica.query('select 1 from jobs where id = $1', [id])).rowCount === 1;
  /** Transactions the replica has committed (reads included), as its statistics say. */
  const replicaTransactions = async () =>
    Number((await replica.query("select xact_commit from pg_stat_database where datname = 'postgres'")).rows[0].xact_commit);

  it('sends public reads to the replica, and the writer of a change to the primary', async () => {
    await waitFor('the replica to be healthy', async () => (await replicaState()).healthy);
    const first = await createJob(database.db, companyId, { title: 'Replicated first' });
    await waitFor('the replica to have the first job', () => replicaHas(first.id));
    await replica.query('select pg_wal_replay_pause()');
    try {
      const unseen = await createJob(database.db, companyId, { title: 'Written while replay is paused' });
      // The replica does not have it yet: a reader who did not write it is answered from there.
      expect(await jobStatus(unseen.id)).toBe(404);
      // A write (signing in) gives the writer the cookie: their reads go to the primary.
      const login = await app.inject({
        method: 'POST',
        url: '/api/login/',
        payload: { email: 'owner@replica.test', password: 'correct-horse-battery' },
      });
      expect(login.statusCode).toBe(200);
      const cookie = String(login.headers['set-cookie']).split(';')[0]!;
      expect(cookie.startsWith(`${recentWriteCookie}=`)).toBe(true);
      expect(await jobStatus(unseen.id, cookie)).toBe(200);
      // A cookie whose signature is not the server's counts for nothing.
      expect(await jobStatus(unseen.id, `${cookie.slice(0, -2)}xx`)).toBe(404);
      // Replay stays paused: the replica falls behind the 3 s allowed and is left out within 5 s.
      const behindSince = Date.now();
      await waitFor('the lagging replica to be left out', async () => !(await replicaState()).healthy, { timeoutMs: 10_000 });
      expect(Date.now() - behindSince).toBeLessThan(5000 + 3000);
      expect(await jobStatus(unseen.id)).toBe(200);
    } finally {
      await replica.query('select pg_wal_replay_resume()');
    }
    await waitFor('the replica to be used again', async () => (await replicaState()).healthy);
    const before = await replicaTransactions();
    for (let i = 0; i < 40; i++) expect(await jobStatus(first.id)).toBe(200);
    await waitFor('40 reads counted on the replica', async () => (await replicaTransactions()) - before >= 40);
  });

  it('leaves out a replica that stops within 5 s, with no error after, and uses it again once it is back', async () => {
    const job = await createJob(database.db, companyId, { title: 'Survives the replica' });
    await waitFor('the replica to have the job', () => replicaHas(job.id));
    await replica.end();
    const stoppedAt = Date.now();
    await cluster.replicas[0]!.stop('immediate');
    await waitFor('the stopped replica to be left out', async () => !(await replicaState()).healthy, { timeoutMs: 10_000 });
    expect(Date.now() - stoppedAt).toBeLessThan(5000);
    const searches = await Promise.all(
      Array.from({ length: 20 }, () => app.inject({ method: 'GET', url: '/api/jobs/?q=survives' }).then((r) => r.statusCode)),
    );
    expect(searches.every((status) => status === 200)).toBe(true);
    expect(await jobStatus(job.id)).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/job-categories/' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/companies/${companyId}/` })).statusCode).toBe(200);

    await cluster.replicas[0]!.start();
    await waitFor('the replica to be used again', async () => (await replicaState()).healthy, { timeoutMs: 20_000 });
    replica = new pg.Client({ connectionString: cluster.replicas[0]!.url() });
    await replica.connect();
    const before = await replicaTransactions();
    for (let i = 0; i < 40; i++) expect(await jobStatus(job.id)).toBe(200);
    await waitFor('40 reads counted on the replica', async () => (await replicaTransactions()) - before >= 40);
  });
});
