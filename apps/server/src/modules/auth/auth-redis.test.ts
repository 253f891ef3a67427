import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

const redisUrl = process.env.TEST_REDIS_URL;
const prefix = `jp_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}:`;

describe.skipIf(!redisUrl)('rate limits across API processes (REDIS_URL)', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    [one, two] = await Promise.all([
      createTestApp({ REDIS_URL: redisUrl!, REDIS_PREFIX: prefix }),
      createTestApp({ REDIS_URL: redisUrl!, REDIS_PREFIX: prefix }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('counts failed sign-ins of one address on one account across both processes', async () => {
    const attempt = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login/',
        payload: { email: 'shared-target@example.test', password: 'wrong-password-x' },
        remoteAddress: '10.9.0.1',
      });
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await attempt(i % 2 ? two : one)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
