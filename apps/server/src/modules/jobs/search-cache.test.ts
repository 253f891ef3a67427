import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStore, createRedisStore, createSearchCache, type AnswerStore } from './search-cache';

/** Answers without tags (the tests of time and sharing). */
const ok = () => [];
/** An answer's tags: the ids it shows. */
const idTags = (ids: number[]) => ids.map((id) => `j${id}`);

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

  it('drops every answer carrying a dropped tag, and keeps none whose computation began before the drop', async () => {
    await dropsAnswers(createMemoryStore(1_000_000));
  });

  it('refreshes at most so many answers past their time at once, serving them as they are meanwhile', async () => {
    const cache = createSearchCache({ ttlMs: 60_000, graceMs: 60_000, store: createMemoryStore(1_000_000), maxRefreshes: 1 });
    await cache.get('a', async () => 'a1', ok);
    await cache.get('b', async () => 'b1', ok);
    vi.setSystemTime(Date.now() + 61_000);
    const { started, compute } = computations();
    expect(await cache.get('a', compute, ok)).toBe('a1');
    expect(await cache.get('b', compute, ok)).toBe('b1');
    await until(() => started.length === 1);
    // One refresh (of 'a'): 'b' waits for a later request.
    expect(cache.stats.computations).toBe(3);
    started[0]!('a2');
    await until(() => cache.size()!.entries === 2 && cache.stats.computations === 3);
    await new Promise((resolve) => setImmediate(resolve));
    // The refresh of 'a' is done: the next request for 'b' starts its own.
    expect(await cache.get('b', compute, ok)).toBe('b1');
    await until(() => started.length === 2);
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
      drops: () => (down ? Promise.reject(new Error('connection refused')) : memory.drops()),
      write: (...args) => (down ? Promise.reject(new Error('connection refused')) : memory.write(...args)),
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

  it('shares answers between the caches of two processes, and a drop by one for both', async () => {
    const one = createSearchCache({ ttlMs: 60_000, graceMs: 0, store: createRedisStore(client(), prefix) });
    const two = createSearchCache({ ttlMs: 60_000, graceMs: 0, store: createRedisStore(client(), prefix) });
    expect(await one.get('q', async () => [3], idTags)).toEqual([3]);
    expect(await two.get('q', async () => [-1], idTags)).toEqual([3]);
    expect(two.stats).toMatchObject({ hits: 1, computations: 0 });
    await two.drop(['j3']);
    expect(await one.get('q', async () => [4], idTags)).toEqual([4]);
    expect(await two.get('q', async () => [-1], idTags)).toEqual([4]);
    // Answers expire in Redis itself.
    const ttl = await clients[0]!.pttl(`${prefix}search:q`);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('drops every answer carrying a dropped tag, and keeps none whose computation began before the drop', async () => {
    await dropsAnswers(createRedisStore(client(), `${prefix}drops:`));
  });
});

/** What a drop does, the same for every store. */
async function dropsAnswers(store: AnswerStore) {
  const cache = createSearchCache({ ttlMs: 60_000, graceMs: 60_000, store });
  const again = async () => [-1];
  expect(await cache.get('q', async () => [1, 2], idTags)).toEqual([1, 2]);
  expect(await cache.get('r', async () => [2, 3], idTags)).toEqual([2, 3]);
  expect(await cache.get('s', async () => [4], idTags)).toEqual([4]);
  await cache.drop(['j2']);
  // Every answer showing 2 is gone; the others stay.
  expect(await cache.get('q', async () => [1], idTags)).toEqual([1]);
  expect(await cache.get('r', async () => [3], idTags)).toEqual([3]);
  expect(await cache.get('s', again, idTags)).toEqual([4]);
  expect(await cache.get('q', again, idTags)).toEqual([1]);

  // Computed across a drop of one of its tags: served to those who asked, not kept.
  const { started, compute } = computations<number[]>();
  const asked = cache.get('t', compute, idTags);
  await until(() => started.length === 1);
  await cache.drop(['j5']);
  started[0]!([5, 6]);
  expect(await asked).toEqual([5, 6]);
  expect(cache.stats.notKept).toBe(1);
  // Computed after the drop: kept. An answer not showing the dropped job is kept across it.
  expect(await cache.get('t', async () => [5], idTags)).toEqual([5]);
  expect(await cache.get('t', again, idTags)).toEqual([5]);
  const other = computations<number[]>();
  const unaffected = cache.get('u', other.compute, idTags);
  await until(() => other.started.length === 1);
  await cache.drop(['j9']);
  other.started[0]!([7]);
  expect(await unaffected).toEqual([7]);
  expect(await cache.get('u', again, idTags)).toEqual([7]);
  expect(cache.stats).toMatchObject({ notKept: 1, drops: 3 });
}
