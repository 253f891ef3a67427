import type { Redis } from 'ioredis';

/**
 * The job search's result cache (docs/decisions/006-job-search.md, "The result cache"): an answer
 * is kept for a time to live and never edited. Past it, it may still be served for `graceMs` while
 * one computation refreshes it (stale-while-revalidate); past that, requests wait for a new one.
 * Requests for an answer being computed share that computation.
 *
 * Each kept answer carries tags (job search: its page's jobs and their companies). `drop(tags)`
 * removes every answer carrying one, at once and for every process sharing the store: a job closed
 * or deleted, or a company unapproved, is in no answer served after that. An answer whose
 * computation began before a drop of one of its tags is served to those who asked, never kept.
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
  /** How many drops the store has seen: read before a computation, given to `write` after it. */
  drops(): Promise<number>;
  /**
   * Keeps an answer until `dropAt` (ms since 1970) under its tags, unless one of them was dropped
   * after the store had seen `dropsBefore` drops (then the answer may hold what that drop removed).
   * Answers whether it was kept.
   */
  write(key: string, stored: Stored, dropAt: number, tags: readonly string[], dropsBefore: number): Promise<boolean>;
  /** Removes every answer carrying one of `tags`. */
  drop(tags: readonly string[]): Promise<void>;
  /** How many answers and about how many bytes it holds (undefined where the store cannot tell cheaply). */
  size(): { entries: number; bytes: number } | undefined;
}

/**
 * How long a drop is remembered, so that a computation under way when it happened is not kept:
 * far longer than any search computes.
 */
export const dropRememberedMs = 5 * 60_000;

export interface CacheStats {
  /** Answers served fresh from the store. */
  hits: number;
  /** Answers served past their time to live while one computation refreshed them. */
  stale: number;
  /** Requests that found no answer they could be served (none, too old, dropped, or unreadable). */
  misses: number;
  /** Computations run (requests that joined one under way are not counted again). */
  computations: number;
  /** Computed answers not kept: one of their tags was dropped while they were computed. */
  notKept: number;
  /** Calls of `drop`. */
  drops: number;
}

export function createSearchCache({ ttlMs, graceMs, store, maxRefreshes = 2 }: SearchCacheOptions) {
  const stats: CacheStats = { hits: 0, stale: 0, misses: 0, computations: 0, notKept: 0, drops: 0 };
  // Computations under way in this process, by key, and how many of them are refreshes.
  const running = new Map<string, Promise<unknown>>();
  let refreshing = 0;

  /** Refreshes an answer past its time in the background, unless enough refreshes run already. */
  function refresh<T>(key: string, compute: () => Promise<T>, tagsOf: (answer: T) => readonly string[]) {
    if (running.has(key) || refreshing >= maxRefreshes) return;
    refreshing++;
    computeOnce(key, compute, tagsOf)
      // A failed refresh is tried again by a later request.
      .catch(() => undefined)
      .finally(() => refreshing--);
  }

  /** Computes the answer once for every request that asks meanwhile, and keeps it (when the store answers). */
  function computeOnce<T>(key: string, compute: () => Promise<T>, tagsOf: (answer: T) => readonly string[], keep = true): Promise<T> {
    const under = running.get(key);
    if (under) return under as Promise<T>;
    stats.computations++;
    const started = Date.now();
    // The store unreachable: computed and not kept.
    const dropsBefore = keep ? store.drops().catch(() => undefined) : Promise.resolve(undefined);
    const answer = dropsBefore.then(async (drops) => {
      const value = await compute();
      // Stale from when the computation began: it read the jobs as they were then.
      const staleAt = started + ttlMs;
      if (drops !== undefined) {
        const kept = await store.write(key, { staleAt, answer: value }, staleAt + graceMs, tagsOf(value), drops).catch(() => true);
        if (!kept) stats.notKept++;
      }
      return value;
    });
    running.set(key, answer);
    const forget = () => running.get(key) === answer && running.delete(key);
    answer.then(forget, forget);
    return answer;
  }

  return {
    stats,
    /** The answer for `key`: kept, or computed by `compute` (once for every request that asks meanwhile) and kept under `tagsOf` it. */
    async get<T>(key: string, compute: () => Promise<T>, tagsOf: (answer: T) => readonly string[]): Promise<T> {
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
        if (now < stored.staleAt) stats.hits++;
        else {
          stats.stale++;
          refresh(key, compute, tagsOf);
        }
        return stored.answer as T;
      }
      stats.misses++;
      return computeOnce(key, compute, tagsOf, readable);
    },
    /** Removes every kept answer carrying one of `tags`, for every process sharing the store. */
    async drop(tags: readonly string[]): Promise<void> {
      if (!tags.length) return;
      stats.drops++;
      await store.drop(tags);
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
  const entries = new Map<string, { stored: Stored; dropAt: number; bytes: number; tags: readonly string[] }>();
  // The keys of the kept answers carrying each tag, and when (in drops) each tag was last dropped.
  const tagged = new Map<string, Set<string>>();
  const dropped = new Map<string, { at: number; until: number }>();
  let bytes = 0;
  let drops = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
    for (const tag of entry.tags) {
      const keys = tagged.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) tagged.delete(tag);
    }
  };
  return {
    async read(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.dropAt <= Date.now()) {
        remove(key);
        return undefined;
      }
      // Most recently used last.
      entries.delete(key);
      entries.set(key, entry);
      return entry.stored;
    },
    drops: async () => drops,
    async write(key, stored, dropAt, tags, dropsBefore) {
      const now = Date.now();
      if (
        tags.some((tag) => {
          const d = dropped.get(tag);
          return d !== undefined && d.until > now && d.at > dropsBefore;
        })
      )
        return false;
      const size = key.length + JSON.stringify(stored.answer).length;
      remove(key);
      if (size > maxBytes) return true;
      entries.set(key, { stored, dropAt, bytes: size, tags: [...new Set(tags)] });
      bytes += size;
      for (const tag of new Set(tags)) {
        const keys = tagged.get(tag) ?? new Set();
        tagged.set(tag, keys);
        keys.add(key);
      }
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        remove(oldest);
      }
      return true;
    },
    async drop(tags) {
      drops++;
      const now = Date.now();
      for (const [tag, d] of dropped) if (d.until <= now) dropped.delete(tag);
      for (const tag of tags) {
        dropped.set(tag, { at: drops, until: now + dropRememberedMs });
        for (const key of [...(tagged.get(tag) ?? [])]) remove(key);
      }
    },
    size: () => ({ entries: entries.size, bytes }),
  };
}

// Both run inside Redis, whole, so that a drop is either before a write (the write sees it and does
// not keep its answer) or after it (the drop removes it). KEYS: the answer, then per tag its set of
// answers and its last drop. ARGV: the answer's JSON, its life (ms), the drops seen before it was computed.
const keepScript = `
local since = tonumber(ARGV[3])
for i = 2, #KEYS, 2 do
  local at = redis.call('GET', KEYS[i + 1])
  if at and tonumber(at) > since then return 0 end
end
local life = tonumber(ARGV[2])
redis.call('SET', KEYS[1], ARGV[1], 'PX', life)
for i = 2, #KEYS, 2 do
  redis.call('SADD', KEYS[i], KEYS[1])
  if redis.call('PTTL', KEYS[i]) < life then redis.call('PEXPIRE', KEYS[i], life) end
end
return 1`;
// KEYS: the drop counter, then per tag its set of answers and its last drop. ARGV: how long a drop is remembered (ms).
const dropScript = `
local n = redis.call('INCR', KEYS[1])
for i = 2, #KEYS, 2 do
  redis.call('SET', KEYS[i + 1], n, 'PX', ARGV[1])
  local answers = redis.call('SMEMBERS', KEYS[i])
  for j = 1, #answers, 500 do redis.call('DEL', unpack(answers, j, math.min(j + 499, #answers))) end
  redis.call('DEL', KEYS[i])
end
return n`;

/**
 * Answers in Redis under `prefix`, shared by every server process; they expire with Redis's own PX,
 * and Redis's memory policy may bound them (every key expires); a tag set evicted before its answers
 * lets a drop miss them, so Redis needs room for the answers kept.
 */
export function createRedisStore(redis: Redis, prefix: string): AnswerStore {
  const answerKey = (key: string) => `${prefix}search:${key}`;
  const tagKeys = (tags: readonly string[]) =>
    [...new Set(tags)].flatMap((tag) => [`${prefix}search-tag:${tag}`, `${prefix}search-dropped:${tag}`]);
  const counter = `${prefix}search-drops`;
  return {
    async read(key) {
      const json = await redis.get(answerKey(key));
      return json ? (JSON.parse(json) as Stored) : undefined;
    },
    drops: async () => Number((await redis.get(counter)) ?? 0),
    async write(key, stored, dropAt, tags, dropsBefore) {
      const keys = [answerKey(key), ...tagKeys(tags)];
      const life = Math.max(1, dropAt - Date.now());
      return (await redis.eval(keepScript, keys.length, ...keys, JSON.stringify(stored), life, dropsBefore)) === 1;
    },
    async drop(tags) {
      const keys = [counter, ...tagKeys(tags)];
      await redis.eval(dropScript, keys.length, ...keys, dropRememberedMs);
    },
    size: () => undefined,
  };
}

/** The cache the settings ask for (SEARCH_CACHE_TTL 0: none), kept in Redis when there is one, else in this process. */
export function searchCacheOf(
  { ttlSeconds, graceSeconds, megabytes }: { ttlSeconds: number; graceSeconds: number; megabytes: number },
  redis: { client: Redis; prefix: string } | undefined,
): SearchCache | undefined {
  if (ttlSeconds <= 0) return undefined;
  const store = redis ? createRedisStore(redis.client, redis.prefix) : createMemoryStore(megabytes * 1024 * 1024);
  return createSearchCache({ ttlMs: ttlSeconds * 1000, graceMs: graceSeconds * 1000, store });
}
