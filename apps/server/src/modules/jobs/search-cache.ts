import type { Redis } from 'ioredis';

/**
 * The job search's result cache (docs/decisions/006-job-search.md, "The result cache"): an answer
 * is kept for a time to live and never edited. Past it, it may still be served for `graceMs` while
 * one computation refreshes it (stale-while-revalidate); past that, requests wait for a new one.
 * Requests for an answer being computed share that computation. Before a kept answer is served it
 * passes the caller's `check` (job search: every job on its page is still public); one that fails
 * is computed again, as if it had not been kept.
 */
export interface SearchCacheOptions {
  ttlMs: number;
  graceMs: number;
  store: AnswerStore;
  /**
   * How many answers past their time are refreshed at once (2): more wait for a later request,
   * served as they are meanwhile, so that refreshes never crowd out the searches being answered.
   */
  maxRefreshes?: number;
}

/** A kept answer as a store holds it: when it goes stale, and the answer. */
export interface Stored {
  staleAt: number;
  answer: unknown;
}

/** Where answers are kept: this process's memory, or Redis, shared by every server process. */
export interface AnswerStore {
  read(key: string): Promise<Stored | undefined>;
  /** Keeps an answer until `dropAt` (ms since 1970). */
  write(key: string, stored: Stored, dropAt: number): Promise<void>;
  /** How many answers and about how many bytes it holds (undefined where the store cannot tell cheaply). */
  size(): { entries: number; bytes: number } | undefined;
}

export interface CacheStats {
  /** Answers served fresh from the store. */
  hits: number;
  /** Answers served past their time to live while one computation refreshed them. */
  stale: number;
  /** Requests that found no answer they could be served (none, too old, or unreadable). */
  misses: number;
  /** Kept answers that failed their check (a job on the page left search): computed again. */
  failedChecks: number;
  /** Computations run (requests that joined one under way are not counted again). */
  computations: number;
}

export function createSearchCache({ ttlMs, graceMs, store, maxRefreshes = 2 }: SearchCacheOptions) {
  const stats: CacheStats = { hits: 0, stale: 0, misses: 0, failedChecks: 0, computations: 0 };
  // Computations under way in this process, by key, and how many of them are refreshes.
  const running = new Map<string, Promise<unknown>>();
  let refreshing = 0;

  /** Refreshes an answer past its time in the background, unless enough refreshes run already. */
  function refresh<T>(key: string, compute: () => Promise<T>) {
    if (running.has(key) || refreshing >= maxRefreshes) return;
    refreshing++;
    computeOnce(key, compute)
      // A failed refresh is tried again by a later request.
      .catch(() => undefined)
      .finally(() => refreshing--);
  }

  /** Computes the answer once for every request that asks meanwhile, and keeps it (unless `keep` is false). */
  function computeOnce<T>(key: string, compute: () => Promise<T>, keep = true): Promise<T> {
    const under = running.get(key);
    if (under) return under as Promise<T>;
    stats.computations++;
    const started = Date.now();
    const answer = compute().then(async (value) => {
      // Stale from when the computation began: it read the jobs as they were then.
      const staleAt = started + ttlMs;
      if (keep) await store.write(key, { staleAt, answer: value }, staleAt + graceMs).catch(() => undefined);
      return value;
    });
    running.set(key, answer);
    const forget = () => running.get(key) === answer && running.delete(key);
    answer.then(forget, forget);
    return answer;
  }

  return {
    stats,
    /**
     * The answer for `key`: kept and still passing `check`, or computed by `compute` (once for every
     * request that asks meanwhile).
     */
    async get<T>(key: string, compute: () => Promise<T>, check: (answer: T) => Promise<boolean>): Promise<T> {
      let stored: Stored | undefined;
      let readable = true;
      try {
        stored = await store.read(key);
      } catch {
        // The store cannot be read (Redis unreachable): answered as if there were no cache.
        readable = false;
      }
      const now = Date.now();
      if (stored && now < stored.staleAt + graceMs) {
        const answer = stored.answer as T;
        if (await check(answer)) {
          if (now < stored.staleAt) stats.hits++;
          else {
            stats.stale++;
            refresh(key, compute);
          }
          return answer;
        }
        stats.failedChecks++;
      }
      stats.misses++;
      return computeOnce(key, compute, readable);
    },
    size: () => store.size(),
  };
}
export type SearchCache = ReturnType<typeof createSearchCache>;

/**
 * Answers in this process's memory, at most about `maxBytes` of them (their JSON's length, a
 * fair measure of what they hold); the least recently used go first.
 */
export function createMemoryStore(maxBytes: number): AnswerStore {
  const entries = new Map<string, { stored: Stored; dropAt: number; bytes: number }>();
  let bytes = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    entries.delete(key);
    bytes -= entry.bytes;
    return entry;
  };
  return {
    async read(key) {
      const entry = remove(key);
      if (!entry || entry.dropAt <= Date.now()) return undefined;
      // Most recently used last.
      entries.set(key, entry);
      bytes += entry.bytes;
      return entry.stored;
    },
    async write(key, stored, dropAt) {
      const size = key.length + JSON.stringify(stored.answer).length;
      remove(key);
      if (size > maxBytes) return;
      entries.set(key, { stored, dropAt, bytes: size });
      bytes += size;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        remove(oldest);
      }
    },
    size: () => ({ entries: entries.size, bytes }),
  };
}

/**
 * Answers in Redis under `prefix`, shared by every server process; they expire with Redis's own PX,
 * and Redis's memory policy bounds them (`maxmemory` with `allkeys-lru`).
 */
export function createRedisStore(redis: Redis, prefix: string): AnswerStore {
  const answerKey = (key: string) => `${prefix}search:${key}`;
  return {
    async read(key) {
      const json = await redis.get(answerKey(key));
      return json ? (JSON.parse(json) as Stored) : undefined;
    },
    async write(key, stored, dropAt) {
      await redis.set(answerKey(key), JSON.stringify(stored), 'PX', Math.max(1, dropAt - Date.now()));
    },
    size: () => undefined,
  };
}
