/**
 * Hostile spellings of numbers on every route: ids and pages take plain decimal digits only, so
 * `0x10`, `1e1`, `+7`, ` 7`, `7.0` and friends are refused (never read as 16 or 10), never a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../seed/factories';
import { bearer, createTestApp, signedInUser, type TestApp } from '../../test/harness';

let t: TestApp;
const tokens: Record<string, string | null> = { anonymous: null };
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
  tokens.admin = (await signedInUser(t, { role: 'admin' })).token;
  tokens.jobseeker = (await signedInUser(t, { role: 'jobseeker' })).token;
  const employer = await signedInUser(t, { role: 'employer' });
  await createCompany(t.db, employer.user.id, { isApproved: true });
  tokens.employer = employer.token;
});
afterAll(() => t?.close());

const hostile = ['0x10', '1e1', '+7', '%207', '7.0', '0b1', '-1', '99999999999999999999', 'NaN', 'Infinity'];

describe('numbers in paths and queries', () => {
  it('refuses hostile ids on every route with a path parameter, as every kind of caller, never with a 2xx or 5xx', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      path.includes('{') ? Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })) : [],
    );
    expect(operations.length).toBeGreaterThan(20);
    for (const { method, path } of operations) {
      for (const value of hostile) {
        const url = path.replace(/\{[^}]+\}/g, value);
        const statuses: number[] = [];
        for (const token of Object.values(tokens)) {
          const res = await t.app.inject({
            method: method as 'GET',
            url,
            headers: token ? bearer(token) : {},
            ...(['POST', 'PUT', 'PATCH'].includes(method) ? { payload: {} } : {}),
          });
          statuses.push(res.statusCode);
        }
        const what = `${method} ${url} → ${statuses.join(', ')}`;
        expect(
          statuses.every((s) => s >= 400 && s < 500),
          what,
        ).toBe(true);
        // Whoever gets past the role check is told the id is bad input, not served id 16 or 10.
        expect(
          statuses.some((s) => s === 400),
          what,
        ).toBe(true);
      }
    }
  });

  it('refuses hostile page numbers and amounts in queries', async () => {
    for (const value of hostile) {
      for (const query of [`page=${value}`, `page_size=${value}`, `salary_min=${value}&currency=USD`, `company=${value}`]) {
        const res = await t.app.inject({ url: `/api/jobs/?${query}` });
        expect(res.statusCode, `${query} → ${res.statusCode}`).toBe(400);
      }
    }
    expect((await t.app.inject({ url: '/api/jobs/?page=2&page_size=5&salary_min=1000&currency=USD' })).statusCode).toBe(200);
  });
});

describe('action calls from ordinary clients', () => {
  it('accept an empty body whatever its content type, and still refuse a body that is not JSON', async () => {
    const { createUser: makeUser } = await import('../../seed/factories');
    const admin = tokens.admin!;
    const types = ['application/x-www-form-urlencoded', 'application/json', 'text/plain;charset=UTF-8', 'application/octet-stream'];
    for (const type of types) {
      const owner = await makeUser(t.db, { role: 'employer' });
      const company = await createCompany(t.db, owner.id);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/companies/${company.id}/toggle_approval/`,
        headers: { ...bearer(admin), 'content-type': type },
        payload: '',
      });
      expect(res.statusCode, `${type} → ${res.body}`).toBe(200);
    }
    const owner = await makeUser(t.db, { role: 'employer' });
    const company = await createCompany(t.db, owner.id);
    const url = `/api/companies/${company.id}/toggle_approval/`;
    const form = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(admin), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json<{ code: string }>().code).toBe('unsupported_media_type');
    const badJson = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(badJson.statusCode).toBe(400);
    // Notifications and withdrawals take no body either.
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/999999/mark_as_read/',
      headers: { ...bearer(tokens.jobseeker!), 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(read.statusCode).toBe(404);
  });
});
