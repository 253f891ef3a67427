import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter, createRedisRateLimiter, enforceLimits } from './rate-limiter';

const redisUrl = process.env.TEST_REDIS_URL;
const prefix = `jp_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}:`;

describe('memory rate limiter', () => {
  it('allows the limit, then answers how long to wait', async () => {
    const limiter = createMemoryRateLimiter();
    const rule = { limit: 3, windowSeconds: 60 };
    for (let i = 0; i < 3; i++) expect(await limiter.hit('k', rule)).toBe(0);
    const wait = await limiter.hit('k', rule);
    expect(wait).toBeGreaterThan(59);
    expect(wait).toBeLessThanOrEqual(60);
    await expect(enforceLimits(limiter, [['k', rule]])).rejects.toMatchObject({ code: 'rate_limited', headers: { 'retry-after': '60' } });
    await limiter.reset('k');
    expect(await limiter.hit('k', rule)).toBe(0);
    limiter.close();
  });
});

describe.skipIf(!redisUrl)('Redis rate limiter (TEST_REDIS_URL)', () => {
  const clients: Redis[] = [];
  afterAll(async () => {
    const [first] = clients;
    if (first) {
      const keys = await first.keys(`${prefix}*`);
      if (keys.length) await first.del(...keys);
    }
    await Promise.all(clients.map((c) => c.quit()));
  });

  it('shares one count between processes', async () => {
    const a = new Redis(redisUrl!);
    const b = new Redis(redisUrl!);
    clients.push(a, b);
    const first = createRedisRateLimiter(a, prefix);
    const second = createRedisRateLimiter(b, prefix);
    const rule = { limit: 2, windowSeconds: 30 };
    expect(await first.hit('login:acct:x', rule)).toBe(0);
    expect(await second.hit('login:acct:x', rule)).toBe(0);
    const wait = await first.hit('login:acct:x', rule);
    expect(wait).toBeGreaterThan(28);
    expect(wait).toBeLessThanOrEqual(30);
    expect(await a.pttl(`${prefix}rl:login:acct:x`)).toBeGreaterThan(28_000);
    await second.reset('login:acct:x');
    expect(await first.hit('login:acct:x', rule)).toBe(0);
  });
});
