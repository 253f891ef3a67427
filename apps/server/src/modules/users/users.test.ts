import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../db/seed/factories';
import { bearer, createTestApp, json, type TestApp } from '../../test/harness';

let t: TestApp;
let adminToken: string;
let seekerToken: string;
let employerToken: string;

async function tokenFor(role: 'admin' | 'jobseeker' | 'employer') {
  const user = await createUser(t.db, { role });
  const res = await t.app.inject({ method: 'POST', url: '/api/login/', payload: { email: user.email, password: 'correct-horse-battery' } });
  return json<{ accessToken: string }>(res).accessToken;
}

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await tokenFor('admin');
  seekerToken = await tokenFor('jobseeker');
  employerToken = await tokenFor('employer');
  for (let i = 0; i < 25; i++) await createUser(t.db, { role: i % 2 ? 'employer' : 'jobseeker', fullName: `Person ${i}`, password: null });
});
afterAll(() => t?.close());

describe('GET /api/users/', () => {
  it('gives admins a paginated list without password hashes or codes', async () => {
    const res = await t.app.inject({ url: '/api/users/?page=2&page_size=10', headers: bearer(adminToken) });
    expect(res.statusCode).toBe(200);
    const body = json<{ results: Array<Record<string, unknown>>; count: number; next: string | null; previous: string | null }>(res);
    expect(body.count).toBe(28);
    expect(body.results).toHaveLength(10);
    expect(body.next).toContain('page=3');
    expect(body.previous).toContain('page=1');
    expect(res.body).not.toMatch(/password|argon2|code_hash/i);
    expect(Object.keys(body.results[0]!).sort()).toEqual([
      'date_joined',
      'email',
      'email_verified',
      'full_name',
      'id',
      'is_active',
      'last_login',
      'role',
    ]);
  });

  it('filters by role and search words', async () => {
    const res = await t.app.inject({ url: '/api/users?role=employer&search=person%201', headers: bearer(adminToken) });
    const body = json<{ results: Array<{ role: string; full_name: string }> }>(res);
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.every((u) => u.role === 'employer' && u.full_name.startsWith('Person 1'))).toBe(true);
  });

  it('refuses bad paging with 400', async () => {
    for (const q of ['page=0', 'page_size=101', 'page=abc', 'role=owner']) {
      const res = await t.app.inject({ url: `/api/users/?${q}`, headers: bearer(adminToken) });
      expect(res.statusCode, q).toBe(400);
      expect(json(res).code).toBe('validation_error');
    }
  });

  it('answers 401 to anonymous callers and 403 to other roles', async () => {
    expect((await t.app.inject({ url: '/api/users/' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/users/', headers: bearer(seekerToken) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/users/', headers: bearer(employerToken) })).statusCode).toBe(403);
  });
});

describe('GET /api/users/{id}/', () => {
  it('shows one user to admins', async () => {
    const user = await createUser(t.db, { fullName: 'Grace Hopper' });
    const res = await t.app.inject({ url: `/api/users/${user.id}/`, headers: bearer(adminToken) });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ id: user.id, full_name: 'Grace Hopper', is_active: true });
    expect(res.body).not.toMatch(/password/i);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    expect((await t.app.inject({ url: '/api/users/999999/', headers: bearer(adminToken) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/users/abc/', headers: bearer(adminToken) })).statusCode).toBe(400);
  });

  it('refuses callers who are not admins', async () => {
    expect((await t.app.inject({ url: '/api/users/1/' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/users/1/', headers: bearer(seekerToken) })).statusCode).toBe(403);
  });
});
