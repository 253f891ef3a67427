import type { Redis } from 'ioredis';
import { rateLimited } from './app-error';

export interface LimitRule {
  /** How many hits the window allows. */
  limit: number;
  windowSeconds: number;
}

/** Fixed-window counters; in memory for one process, in Redis when several share the load. */
export interface RateLimiter {
  /** Count a hit; answers how long to wait when over the limit, else 0. */
  hit(key: string, rule: LimitRule): Promise<number>;
  /** The hits counted in the key's current window, and the seconds until it ends (0 when none). */
  peek(key: string): Promise<{ count: number; resetsInSeconds: number }>;
  reset(key: string): Promise<void>;
  close(): void;
}

export function createMemoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
  }, 60_000);
  sweep.unref();
  return {
    hit(key, rule) {
      const now = Date.now();
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + rule.windowSeconds * 1000 };
        windows.set(key, w);
      }
      w.count += 1;
      return Promise.resolve(w.count > rule.limit ? (w.resetAt - now) / 1000 : 0);
    },
    peek(key) {
      const w = windows.get(key);
      const now = Date.now();
      return Promise.resolve(
        w && w.resetAt > now ? { count: w.count, resetsInSeconds: (w.resetAt - now) / 1000 } : { count: 0, resetsInSeconds: 0 },
      );
    },
    reset(key) {
      windows.delete(key);
      return Promise.resolve();
    },
    close: () => clearInterval(sweep),
  };
}

export function createRedisRateLimiter(redis: Redis, prefix: string): RateLimiter {
  return {
    async hit(key, rule) {
      const k = `${prefix}rl:${key}`;
      const [[, count], [, ttl]] = (await redis.multi().incr(k).pttl(k).exec()) as [[null, number], [null, number]];
      if (ttl < 0) await redis.pexpire(k, rule.windowSeconds * 1000);
      return count > rule.limit ? Math.max(ttl, 1000) / 1000 : 0;
    },
    async peek(key) {
      const k = `${prefix}rl:${key}`;
      const [[, count], [, ttl]] = (await redis.multi().get(k).pttl(k).exec()) as [[null, string | null], [null, number]];
      return count === null || ttl <= 0 ? { count: 0, resetsInSeconds: 0 } : { count: Number(count), resetsInSeconds: ttl / 1000 };
    },
    async reset(key) {
      await redis.del(`${prefix}rl:${key}`);
    },
    close: () => undefined,
  };
}

/** Throws 429 with Retry-After when any of the keys is over its rule. */
export async function enforceLimits(limiter: RateLimiter, checks: Array<[key: string, rule: LimitRule]>): Promise<void> {
  let wait = 0;
  for (const [key, rule] of checks) wait = Math.max(wait, await limiter.hit(key, rule));
  if (wait > 0) throw rateLimited(wait);
}
