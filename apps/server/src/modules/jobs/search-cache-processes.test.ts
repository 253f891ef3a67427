import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCompany, createJob, createUser } from '../../seed/factories';
import { startServerPair, type ServerPair } from '../../test/server-pair';

/**
 * Two real server processes sharing PostgreSQL and Redis: an answer one computed is served by the
 * other, and a job closed through one is gone from the other's next answer. Needs TEST_DB=postgres
 * and TEST_REDIS_URL (vitest.config.ts runs it in the PostgreSQL pass; `npm test` says why it skips).
 */
const redisUrl = process.env.TEST_REDIS_URL;
const target = inject('testDb');

describe.skipIf(!redisUrl || target.kind !== 'postgres')('the search cache shared by two server processes (REDIS_URL)', () => {
  let pair: ServerPair;
  beforeAll(async () => {
    if (target.kind !== 'postgres') return;
    pair = await startServerPair(target, 'search', redisUrl!, { SEARCH_CACHE_TTL: '300' });
  }, 120_000);
  afterAll(() => pair?.close());

  const ids = async (base: string, query: string) => {
    const res = await fetch(`${base}/api/jobs/?${query}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { results: Array<{ id: number }> }).results.map((r) => r.id).sort((a, b) => a - b);
  };

  it('serves from one process what the other computed, and drops it for both when a job leaves search', async () => {
    const [one, two] = pair.servers;
    const db = pair.database.db;
    const owner = await createUser(db, { role: 'employer' });
    const company = await createCompany(db, owner.id, { isApproved: true });
    const first = await createJob(db, company.id, { title: 'Ferryman' });
    const second = await createJob(db, company.id, { title: 'Ferryman, nights' });
    expect(await ids(one.url, 'search=ferryman')).toEqual([first.id, second.id]);

    // Written around the API: a process computing the answer now would show it; the second one
    // shows the answer the first computed.
    const third = await createJob(db, company.id, { title: 'Ferryman, weekends' });
    expect(await ids(two.url, 'search=ferryman')).toEqual([first.id, second.id]);

    const token = await pair.login(one.url, owner.email);
    const closed = await fetch(`${one.url}/api/jobs/${first.id}/`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ status: 'closed' }),
    });
    expect(closed.status).toBe(200);
    expect(await ids(two.url, 'search=ferryman')).toEqual([second.id, third.id]);
  });
});
