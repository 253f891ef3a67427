import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStore, createRedisStore, createSearchCache, type AnswerStore } from './search-cache';

/** A check every kept answer passes. */
const ok = async () => true;

/** A computation the test finishes when it wants, counting how often it was started. */
function computations<T = string>() {
  const started: Array<(value: T) => void> = [];
  return {
    started,
    compute: () => new Promise<T>((resolve) => started.push(resolve)),
  };
}

const until = async (ok: () => boolean) => {
  while (!ok()) await new Promise((resolve) => setImmediate(resolve));
};

describe('the search cache', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-06T09:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('serves an answer for its time to live, then once more while one computation refreshes it, then waits for a new one', async () => {
    const cache = createSearchCache({ ttlMs: 60_000, graceMs: 30_000, store: createMemoryStore(1_000_000) });
    let n = 0;
    const compute = async () => `answer ${++n}`;
    expect(await cache.get('q', compute, ok)).toBe('answer 1');
    vi.setSystemTime(Date.now() + 59_000);
    expect(await cache.get('q', compute, ok)).toBe('answer 1');
    expect(n).toBe(1);
    // Past its time: served as it is while a refresh runs; the next request has the refreshed one.
    vi.setSystemTime(Date.now() + 2_000);
    expect(await cache.get('q', compute, ok)).toBe('answer 1');
    await until(() => n === 2);
    // (Kept a few microtasks after it is computed.)
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('q', compute, ok)).toBe('answer 2');
    // Past its time and the grace: not served, computed again while the request waits.
    vi.setSystemTime(Date.now() + 91_000);
    expect(await cache.get('q', compute, ok)).toBe('answer 3');
    expect(cache.stats).toMatchObject({ hits: 2, stale: 1, misses: 2, computations: 3 });
  });

  it('computes an answer once for every request that asks while it is computed', async () => {
    const cache = createSearchCache({ ttlMs: 60_000, graceMs: 0, store: createMemoryStore(1_000_000) });
    const { started, compute } = computations();
    const asked = Array.from({ length: 10 }, () => cache.get('q', compute, ok));
    await until(() => started.length === 1);
    // Another key is another computation.
    const other = cache.get('other', compute, ok);
    await until(() => started.length === 2);
    started[0]!('shared');
    started[1]!('other');
    expect(await Promise.all(asked)).toEqual(Array(10).fill('shared'));
    expect(await other).toBe('other');
    expect(cache.stats.computations).toBe(2);
  });

  it('serves no kept answer that fails its check: it is computed again, once for the requests that find it so', async () => {
    const cache = createSearchCache({ ttlMs: 60_000, graceMs: 60_000, store: createMemoryStore(1_000_000) });
    const open = new Set([1, 2]);
    const allOpen = async (ids: number[]) => ids.every((id) => open.has(id));
    expect(await cache.get('q', async () => [1, 2], allOpen)).toEqual([1, 2]);
    expect(await cache.get('q', async () => [0], allOpen)).toEqual([1, 2]);
    open.delete(1);
    const { started, compute } = computations<number[]>();
    const asked = [cache.get('q', compute, allOpen), cache.get('q', compute, allOpen)];
    await until(() => started.length === 1);
    started[0]!([2]);
    expect(await Promise.all(asked)).toEqual([[2], [2]]);
    expect(cache.stats).toMatchObject({ hits: 1, failedChecks: 2, computations: 2 });
    // Past its time too, an answer that fails its check is not served while it is refreshed.
    vi.setSystemTime(Date.now() + 61_000);
    open.delete(2);
    expect(await cache.get('q', async () => [], allOpen)).toEqual([]);
  });

  it('refreshes at most so many answers past their time at once, serving them as they are meanwhile', async () => {
    const cache = createSearchCache({ ttlMs: 60_000, graceMs: 60_000, store: createMemoryStore(1_000_000), maxRefreshes: 1 });
    await cache.get('a', async () => 'a1', ok);
    await cache.get('b', async () => 'b1', ok);
    vi.setSystemTime(Date.now() + 61_000);
    const { started, compute } = computations();
    expect(await cache.get('a', compute, ok)).toBe('a1');
    expect(await cache.get('b', compute, ok)).toBe('b1');
    expect(started).toHaveLength(1);
    started[0]!('a2');
    await until(() => cache.stats.computations === 3);
    await new Promise((resolve) => setImmediate(resolve));
    // The refresh of 'a' is done: the next request for 'b' starts its own.
    expect(await cache.get('b', compute, ok)).toBe('b1');
    expect(started).toHaveLength(2);
    started[1]!('b2');
    await until(() => cache.stats.computations === 4);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('a', compute, ok)).toBe('a2');
  });

  it('keeps its memory within the bound, dropping the least recently used answers first', async () => {
    const store = createMemoryStore(10_000);
    const cache = createSearchCache({ ttlMs: 60_000, graceMs: 0, store });
    const answer = (i: number) => async () => ({ i, text: 'x'.repeat(1_000) });
    for (let i = 0; i < 50; i++) {
      await cache.get(`q${i}`, answer(i), ok);
      // The first answer is asked again and again: it stays.
      await cache.get('q0', answer(-1), ok);
    }
    const { entries, bytes } = store.size()!;
    expect(bytes).toBeLessThanOrEqual(10_000);
    expect(entries).toBeGreaterThan(5);
    expect(entries).toBeLessThan(11);
    expect(await cache.get('q0', answer(-1), ok)).toMatchObject({ i: 0 });
    expect(await cache.get('q1', answer(-1), ok)).toMatchObject({ i: -1 });
    // An answer larger than the whole bound is served and not kept.
    await cache.get('huge', async () => 'y'.repeat(20_000), ok);
    expect(store.size()!.bytes).toBeLessThanOrEqual(10_000);
  });

  it('answers without the store while it cannot be reached', async () => {
    let down = false;
    const memory = createMemoryStore(1_000_000);
    const unreliable: AnswerStore = {
      ...memory,
      read: (key) => (down ? Promise.reject(new Error('connection refused')) : memory.read(key)),
      write: (key, stored, dropAt) => (down ? Promise.reject(new Error('connection refused')) : memory.write(key, stored, dropAt)),
    };
    const cache = createSearchCache({ ttlMs: 60_000, graceMs: 0, store: unreliable });
    expect(await cache.get('q', async () => 'kept', ok)).toBe('kept');
    down = true;
    expect(await cache.get('q', async () => 'computed while down', ok)).toBe('computed while down');
    down = false;
    expect(await cache.get('q', async () => 'not asked', ok)).toBe('kept');
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('the search cache in Redis (TEST_REDIS_URL)', () => {
  const prefix = `jp_test_search_${process.pid}_${Date.now().toString(36)}:`;
  const clients: Redis[] = [];
  const client = () => {
    const redis = new Redis(redisUrl!, { maxRetriesPerRequest: 1 });
    clients.push(redis);
    return redis;
  };
  afterAll(async () => {
    const redis = clients[0] ?? client();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await Promise.all(clients.map((c) => c.quit()));
  });

  it('shares answers between the caches of two processes, each checked before it is served', async () => {
    const one = createSearchCache({ ttlMs: 60_000, graceMs: 0, store: createRedisStore(client(), prefix) });
    const two = createSearchCache({ ttlMs: 60_000, graceMs: 0, store: createRedisStore(client(), prefix) });
    expect(await one.get('q', async () => ({ ids: [3] }), ok)).toEqual({ ids: [3] });
    expect(await two.get('q', async () => ({ ids: [-1] }), ok)).toEqual({ ids: [3] });
    expect(two.stats).toMatchObject({ hits: 1, computations: 0 });
    expect(
      await two.get(
        'q',
        async () => ({ ids: [4] }),
        async () => false,
      ),
    ).toEqual({ ids: [4] });
    expect(await one.get('q', async () => ({ ids: [-1] }), ok)).toEqual({ ids: [4] });
    // Answers expire in Redis itself.
    const ttl = await clients[0]!.pttl(`${prefix}search:q`);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});
