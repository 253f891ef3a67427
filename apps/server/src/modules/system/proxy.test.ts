/** Trust of the network: forwarded headers only from configured proxies; paging links never from request headers. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test/harness';

async function withApp(env: Record<string, string>, run: (t: TestApp) => Promise<void>) {
  const t = await createTestApp(env);
  try {
    await run(t);
  } finally {
    await t.close();
  }
}

/** Wrong-password sign-ins, each as another (unknown) account, from the given forwarded addresses. */
async function failedLogins(t: TestApp, forwardedFor: (i: number) => string, n: number) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      headers: { 'x-forwarded-for': forwardedFor(i) },
      payload: { email: `nobody-${i}@example.test`, password: 'wrong-password' },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('forwarded headers', () => {
  it('are ignored by default: a client cannot pick its own address to escape the per-address limits', async () => {
    await withApp({}, async (t) => {
      const statuses = await failedLogins(t, (i) => `203.0.113.${i}`, 31);
      expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
      expect(statuses[30]).toBe(429);
    });
  });

  it('name the client when they come from a configured proxy (TRUST_PROXY)', async () => {
    await withApp({ TRUST_PROXY: '127.0.0.1' }, async (t) => {
      const statuses = await failedLogins(t, (i) => `203.0.113.${i}`, 31);
      expect(statuses.every((s) => s === 401)).toBe(true);
    });
  });

  it('TRUST_PROXY takes false, a hop count or addresses, and refuses anything else with one clear line', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });
});

describe('paging links', () => {
  it('never come from the Host or X-Forwarded-* headers', async () => {
    await withApp({ TRUST_PROXY: '127.0.0.1' }, async (t) => {
      const { createCompany, createUser } = await import('../../seed/factories');
      for (let i = 0; i < 3; i++) await createCompany(t.db, (await createUser(t.db, { role: 'employer' })).id, { isApproved: true });
      const jobs = await t.app.inject({
        url: '/api/companies/?page_size=1&page=2',
        headers: { host: 'evil.example', 'x-forwarded-host': 'javascript://evil.example', 'x-forwarded-proto': 'javascript' },
      });
      const page = jobs.json<{ next: string | null; previous: string | null }>();
      // Even from a trusted proxy, the links are the path and query alone.
      expect(page.next).toBe('/api/companies/?page_size=1&page=3');
      expect(page.previous).toBe('/api/companies/?page_size=1&page=1');
    });
  });

  it('start at PUBLIC_URL when it is set', async () => {
    await withApp({ PUBLIC_URL: 'https://jobs.example.com/' }, async (t) => {
      const { createCompany, createUser } = await import('../../seed/factories');
      for (let i = 0; i < 2; i++) await createCompany(t.db, (await createUser(t.db, { role: 'employer' })).id, { isApproved: true });
      const res = await t.app.inject({ url: '/api/companies/?page_size=1', headers: { host: 'evil.example' } });
      expect(res.json<{ next: string }>().next).toBe('https://jobs.example.com/api/companies/?page_size=1&page=2');
    });
  });
});
