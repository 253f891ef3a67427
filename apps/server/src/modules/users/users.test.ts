import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies, jobs, oneTimeCodes, refreshTokens, uploadedFiles, users } from '../../db/schema';
import { createApplication, createCompany, createJob, createProfile, createRecruiter, createUser } from '../../seed/factories';
import { bearer, createTestApp, json, signedInUser, type TestApp } from '../../test/harness';
import { storedResume } from '../../test/scenes';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let seeker: Awaited<ReturnType<typeof signedInUser>>;
let employer: Awaited<ReturnType<typeof signedInUser>>;

const as = (token: string) => ({ headers: bearer(token) });
const get = (url: string, token = admin.token) => t.app.inject({ url, ...as(token) });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin.token) =>
  t.app.inject({ method, url, ...as(token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const auditOf = (objectType: string, objectId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.objectId, String(objectId)))
    .then((rows) => rows.filter((r) => r.objectType === objectType));
/** No answer of the admin area carries a password hash, a code hash or a token. */
const expectNoSecrets = (body: string) => expect(body).not.toMatch(/password|argon2|code_hash|token|\$argon/i);

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
  admin = await signedInUser(t, { role: 'admin', fullName: 'Ada Admin' });
  seeker = await signedInUser(t, { role: 'jobseeker', fullName: 'Sam Seeker' });
  employer = await signedInUser(t, { role: 'employer', fullName: 'Olga Owner' });
  for (let i = 0; i < 25; i++) await createUser(t.db, { role: i % 2 ? 'employer' : 'jobseeker', fullName: `Person ${i}`, password: null });
});
afterAll(() => t?.close());

describe('GET /api/users/', () => {
  it('gives admins a paginated list without password hashes or codes', async () => {
    const res = await get('/api/users/?page=2&page_size=10&ordering=date_joined');
    expect(res.statusCode).toBe(200);
    const body = json<{ results: Array<Record<string, unknown>>; count: number; next: string | null; previous: string | null }>(res);
    expect(body.count).toBeGreaterThanOrEqual(28);
    expect(body.results).toHaveLength(10);
    expect(body.next).toContain('page=3');
    expect(body.previous).toContain('page=1');
    expectNoSecrets(res.body);
    expect(Object.keys(body.results[0]!).sort()).toEqual([
      'date_joined',
      'deactivation_reason',
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
    const res = await get('/api/users?role=employer&search=person%201');
    const body = json<{ results: Array<{ role: string; full_name: string }> }>(res);
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.every((u) => u.role === 'employer' && u.full_name.startsWith('Person 1'))).toBe(true);
  });

  it('refuses bad paging, roles and orderings with 400 and the field', async () => {
    for (const [q, field] of [
      ['page=0', 'page'],
      ['page_size=101', 'page_size'],
      ['page=abc', 'page'],
      ['role=owner', 'role'],
      ['ordering=password_hash', 'ordering'],
      ['is_active=maybe', 'is_active'],
    ]) {
      const res = await get(`/api/users/?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(json(res).code).toBe('validation_error');
      expect(Object.keys(json<{ fields: object }>(res).fields), q).toContain(field);
    }
  });

  it('answers 401 to anonymous callers and 403 to other roles', async () => {
    expect((await t.app.inject({ url: '/api/users/' })).statusCode).toBe(401);
    expect((await get('/api/users/', seeker.token)).statusCode).toBe(403);
    expect((await get('/api/users/', employer.token)).statusCode).toBe(403);
  });
});

describe('GET /api/users/{id}/', () => {
  it('shows one user to admins', async () => {
    const user = await createUser(t.db, { fullName: 'Grace Hopper' });
    const res = await get(`/api/users/${user.id}/`);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ id: user.id, full_name: 'Grace Hopper', is_active: true, deactivation_reason: null });
    expectNoSecrets(res.body);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    expect((await get('/api/users/999999/')).statusCode).toBe(404);
    expect((await get('/api/users/abc/')).statusCode).toBe(400);
    expect((await get('/api/users/99999999999/')).statusCode).toBe(400);
  });
});

describe('the people tables', () => {
  it('finds people by any part of their name or e-mail, in any case, and by a new name at once', async () => {
    const agnieszka = await createUser(t.db, { role: 'jobseeker', fullName: 'Agnieszka Łukasiewicz', email: 'A.Luka@Mail.Example' });
    const ids = async (search: string) =>
      json<{ results: Array<{ id: number }> }>(await get(`/api/jobseekers/?search=${encodeURIComponent(search)}`)).results.map((r) => r.id);
    expect(await ids('ŁUKASIE')).toEqual([agnieszka.id]);
    expect(await ids('łukasie')).toEqual([agnieszka.id]);
    expect(await ids('a.luka@mail')).toEqual([agnieszka.id]);
    expect(await ids('nieszka łuk')).toEqual([agnieszka.id]);
    expect(await ids('a_luka')).toEqual([]); // `_` is a character here, not a wildcard
    await t.db.update(users).set({ fullName: 'Agnieszka Nowakowska' }).where(eq(users.id, agnieszka.id));
    expect(await ids('nowakowska')).toEqual([agnieszka.id]);
    expect(await ids('łukasie')).toEqual([]);
  });

  it('gives totals that match the rows after bulk inserts, (de)activations, role changes and deletes', async () => {
    const totalOf = async (url: string) => json<{ count: number }>(await get(url)).count;
    const rowsOf = async (role?: 'jobseeker' | 'employer', isActive?: boolean) =>
      (await t.db.select({ role: users.role, isActive: users.isActive }).from(users)).filter(
        (u) => (role === undefined || u.role === role) && (isActive === undefined || u.isActive === isActive),
      ).length;
    const expectTotalsTrue = async () => {
      expect(await totalOf('/api/jobseekers/')).toBe(await rowsOf('jobseeker'));
      expect(await totalOf('/api/jobseekers/?is_active=false')).toBe(await rowsOf('jobseeker', false));
      expect(await totalOf('/api/employers/?is_active=true')).toBe(await rowsOf('employer', true));
      expect(await totalOf('/api/employers/')).toBe(await rowsOf('employer'));
      expect(await totalOf('/api/users/')).toBe(await rowsOf());
      expect(await totalOf('/api/users/?role=jobseeker&is_active=true')).toBe(await rowsOf('jobseeker', true));
    };
    await expectTotalsTrue();
    const before = await totalOf('/api/jobseekers/');
    // One statement adding several rows, as a bulk loader would.
    const added = await t.db
      .insert(users)
      .values([1, 2, 3].map((i) => ({ email: `bulk-${i}@example.test`, fullName: `Bulk Person ${i}`, role: 'jobseeker' as const })))
      .returning();
    expect(await totalOf('/api/jobseekers/')).toBe(before + 3);
    expect((await send('POST', `/api/jobseekers/${added[0]!.id}/toggle_active/`, { reason: 'Counting' })).statusCode).toBe(200);
    await t.db.update(users).set({ role: 'employer' }).where(eq(users.id, added[1]!.id));
    await t.db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, added[2]!.id));
    await expectTotalsTrue();
    expect((await send('DELETE', `/api/users/${added[0]!.id}/`)).statusCode).toBe(204);
    await t.db.delete(users).where(eq(users.id, added[1]!.id));
    expect(await totalOf('/api/jobseekers/')).toBe(before + 1);
    await expectTotalsTrue();
  });

  it('lists job seekers with applications and profile completeness, searchable and sorted', async () => {
    const ana = await createUser(t.db, { role: 'jobseeker', fullName: 'Zelda Searchable', email: 'zelda@example.test' });
    await createProfile(t.db, ana.id, { bio: 'Hello', currentJobTitle: 'Engineer' });
    const { company } = await (async () => {
      const owner = await createUser(t.db, { role: 'employer' });
      return { company: await createCompany(t.db, owner.id, { isApproved: true }) };
    })();
    const job = await createJob(t.db, company.id);
    await createApplication(t.db, { jobId: job.id, jobseekerId: ana.id, resumeFileId: (await storedResume(t, ana)).id });

    const res = await get('/api/jobseekers/?search=zelda');
    expect(res.statusCode).toBe(200);
    const body = json<{ count: number; results: Array<Record<string, unknown>> }>(res);
    expect(body.count).toBe(1);
    expect(body.results[0]).toMatchObject({
      id: ana.id,
      email: 'zelda@example.test',
      role: 'jobseeker',
      applications_count: 1,
      profile_completeness: 20,
      is_active: true,
      deactivation_reason: null,
    });
    expectNoSecrets(res.body);

    const byName = json<{ results: Array<{ full_name: string }> }>(await get('/api/jobseekers/?ordering=full_name&page_size=100'));
    const names = byName.results.map((p) => p.full_name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byNameDesc = json<{ results: Array<{ full_name: string }> }>(await get('/api/jobseekers/?ordering=-full_name&page_size=100'));
    expect(byNameDesc.results.map((p) => p.full_name)).toEqual([...names].reverse());
    const newest = json<{ results: Array<{ date_joined: string }> }>(await get('/api/jobseekers/?page_size=100'));
    const joined = newest.results.map((p) => p.date_joined);
    expect(joined).toEqual([...joined].sort().reverse());
  });

  it('lists employers with their company, ownership and jobs; recruiters alone on their own table', async () => {
    const owner = await createUser(t.db, { role: 'employer', fullName: 'Quentin Owner' });
    const company = await createCompany(t.db, owner.id, { isApproved: false, name: 'Quentin Co' });
    const recruiter = await createRecruiter(t.db, company.id, { fullName: 'Quinn Recruiter' });
    await t.db.insert(jobs).values({
      companyId: company.id,
      postedBy: recruiter.id,
      title: 'Posted by Quinn',
      description: 'A job.',
      location: 'Berlin',
      employmentType: 'Full-time',
      experienceLevel: 'Mid level',
    });
    const employers = json<{ results: Array<Record<string, unknown>> }>(await get('/api/employers/?search=quentin%20owner'));
    expect(employers.results).toEqual([
      expect.objectContaining({
        id: owner.id,
        company: { id: company.id, name: 'Quentin Co', is_approved: false },
        is_company_owner: true,
        jobs_count: 0,
      }),
    ]);
    const recruiters = json<{ count: number; results: Array<Record<string, unknown>> }>(await get('/api/recruiters/?search=qu'));
    expect(recruiters.results.map((r) => r.id)).toEqual([recruiter.id]);
    expect(recruiters.results[0]).toMatchObject({ is_company_owner: false, jobs_count: 1, company: { id: company.id } });
    const one = await get(`/api/employers/${recruiter.id}/`);
    expect(json(one)).toMatchObject({ id: recruiter.id, jobs_count: 1 });
    expect((await get(`/api/employers/${seeker.user.id}/`)).statusCode).toBe(404);
  });

  it('filters by is_active', async () => {
    const off = await createUser(t.db, { role: 'jobseeker', fullName: 'Idle Inactive', isActive: false });
    const inactive = json<{ results: Array<{ id: number; is_active: boolean }> }>(
      await get('/api/jobseekers/?is_active=false&page_size=100'),
    );
    expect(inactive.results.map((p) => p.id)).toContain(off.id);
    expect(inactive.results.every((p) => !p.is_active)).toBe(true);
    const active = json<{ results: Array<{ id: number }> }>(await get('/api/jobseekers/?is_active=true&page_size=100'));
    expect(active.results.map((p) => p.id)).not.toContain(off.id);
  });

  it('refuses an unknown ordering and bad filters with 400 and the field, and treats search text as text', async () => {
    for (const kind of ['jobseekers', 'employers', 'recruiters']) {
      const res = await get(`/api/${kind}/?ordering=secret`);
      expect(res.statusCode).toBe(400);
      expect(json<{ fields: Record<string, string[]> }>(res).fields.ordering).toBeDefined();
    }
    expect((await get('/api/jobseekers/?is_active=yes')).statusCode).toBe(400);
    const odd = await get(`/api/jobseekers/?search=${encodeURIComponent("%_'\\; drop table users")}`);
    expect(odd.statusCode).toBe(200);
    expect(json(odd).count).toBe(0);
  });

  it('answers 401 and 403 to everyone but admins', async () => {
    for (const url of ['/api/jobseekers/', '/api/employers/', '/api/recruiters/', '/api/admin/data/']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
      expect((await get(url, seeker.token)).statusCode, url).toBe(403);
      expect((await get(url, employer.token)).statusCode, url).toBe(403);
    }
  });
});

describe('creating and editing accounts', () => {
  it('creates a job seeker who is mailed a code, sets a password with it and signs in', async () => {
    const res = await send('POST', '/api/jobseekers/', { email: ' New.Person@Example.test ', full_name: 'New Person' });
    expect(res.statusCode).toBe(201);
    const made = json<{ id: number; email: string; role: string; is_active: boolean; applications_count: number }>(res);
    expect(made).toMatchObject({ email: 'new.person@example.test', role: 'jobseeker', is_active: true, applications_count: 0 });
    expectNoSecrets(res.body);
    const code = await t.smtp.waitForCode('new.person@example.test');
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset-confirm/',
      payload: { email: 'new.person@example.test', otp: code, new_password: 'a-fresh-long-password-9' },
    });
    expect(set.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: 'new.person@example.test', password: 'a-fresh-long-password-9' },
    });
    expect(login.statusCode).toBe(200);
    expect(json(login).role).toBe('jobseeker');
    const [entry] = await auditOf('user', made.id);
    expect(entry).toMatchObject({
      action: 'user.created',
      actorId: admin.user.id,
      after: { email: 'new.person@example.test', role: 'jobseeker' },
    });
  });

  it('creates an employer, and any role through /api/users/', async () => {
    const employerRes = await send('POST', '/api/employers/', { email: 'made-employer@example.test', full_name: 'Made Employer' });
    expect(employerRes.statusCode).toBe(201);
    expect(json(employerRes)).toMatchObject({ role: 'employer', company: null, is_company_owner: false, jobs_count: 0 });
    const adminRes = await send('POST', '/api/users/', { email: 'second-admin@example.test', full_name: 'Second Admin', role: 'admin' });
    expect(adminRes.statusCode).toBe(201);
    expect(json(adminRes)).toMatchObject({ role: 'admin', email_verified: false });
  });

  it('answers 409 for an e-mail already used, and 400 with fields for bad input', async () => {
    const taken = await send('POST', '/api/jobseekers/', { email: seeker.user.email, full_name: 'Copy' });
    expect(taken.statusCode).toBe(409);
    expect(json(taken)).toMatchObject({ code: 'email_taken', fields: { email: expect.any(Array) } });
    for (const payload of [
      {},
      { email: 'not-an-email', full_name: 'X' },
      { email: 'ok@example.test', full_name: '' },
      { email: 'ok@example.test', full_name: 'x'.repeat(500) },
    ]) {
      const res = await send('POST', '/api/employers/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(res).fields).toBeDefined();
    }
    expect((await send('POST', '/api/users/', { email: 'r@example.test', full_name: 'R', role: 'owner' })).statusCode).toBe(400);
  });

  it('edits name and e-mail, audits what changed, and refuses a taken e-mail or a person of another table', async () => {
    const person = await createUser(t.db, { role: 'jobseeker', fullName: 'Old Name', password: null });
    const res = await send('PUT', `/api/jobseekers/${person.id}/`, { email: 'renamed@example.test', full_name: 'New Name' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ id: person.id, email: 'renamed@example.test', full_name: 'New Name', applications_count: 0 });
    const entries = await auditOf('user', person.id);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'user.updated',
        before: { email: person.email, full_name: 'Old Name' },
        after: { email: 'renamed@example.test', full_name: 'New Name' },
      }),
    ]);
    // The same values again change nothing and write nothing.
    await send('PUT', `/api/users/${person.id}/`, { email: 'renamed@example.test', full_name: 'New Name' });
    expect(await auditOf('user', person.id)).toHaveLength(1);
    const taken = await send('PUT', `/api/users/${person.id}/`, { email: seeker.user.email, full_name: 'New Name' });
    expect(taken.statusCode).toBe(409);
    expect((await send('PUT', `/api/employers/${person.id}/`, { email: 'x@example.test', full_name: 'X' })).statusCode).toBe(404);
    expect((await send('PUT', `/api/jobseekers/${person.id}/`, { email: 'nope', full_name: 'X' })).statusCode).toBe(400);
    expect((await send('PUT', '/api/users/999999/', { email: 'x@example.test', full_name: 'X' })).statusCode).toBe(404);
  });
});

describe('toggle_active', () => {
  it('deactivates at once: the old access token is refused, refresh fails, sign-in says disabled; activating lets them back', async () => {
    const person = await signedInUser(t, { role: 'jobseeker', fullName: 'Dee Activated', email: 'dee@example.test' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: 'dee@example.test', password: 'correct-horse-battery' },
    });
    const refresh = json<{ refreshToken: string }>(login).refreshToken;
    const heard: Array<{ userId: number; reason: string | null }> = [];
    const stop = t.app.events.on('user.deactivated', (e) => void heard.push(e));

    const res = await send('POST', `/api/jobseekers/${person.user.id}/toggle_active/`, { reason: 'Spam applications' });
    stop();
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ id: person.user.id, is_active: false, deactivation_reason: 'Spam applications' });
    expect(heard).toEqual([{ userId: person.user.id, reason: 'Spam applications' }]);

    const refused = await get('/api/jobseek/profile/', person.token);
    expect(refused.statusCode).toBe(401);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh } });
    expect([refreshed.statusCode, json(refreshed).code]).toEqual([403, 'account_disabled']);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: 'dee@example.test', password: 'correct-horse-battery' },
    });
    expect(again.statusCode).toBe(403);
    expect(json(again).code).toBe('account_disabled');

    const back = await send('POST', `/api/jobseekers/${person.user.id}/toggle_active/`, {});
    expect(json(back)).toMatchObject({ is_active: true, deactivation_reason: null });
    const loginAgain = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: 'dee@example.test', password: 'correct-horse-battery' },
    });
    expect(loginAgain.statusCode).toBe(200);
    expect((await auditOf('user', person.user.id)).map((e) => [e.action, e.after])).toEqual([
      ['user.deactivated', { is_active: false, reason: 'Spam applications' }],
      ['user.activated', { is_active: true }],
    ]);
  });

  it('takes no body at all, refuses a long reason, and answers 404 across tables', async () => {
    const person = await createUser(t.db, { role: 'employer', password: null });
    const bare = await t.app.inject({ method: 'POST', url: `/api/employers/${person.id}/toggle_active/`, ...as(admin.token) });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(json(bare)).toMatchObject({ is_active: false, deactivation_reason: null });
    const long = await send('POST', `/api/employers/${person.id}/toggle_active/`, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(json<{ fields: object }>(long).fields).toHaveProperty('reason');
    expect((await send('POST', `/api/jobseekers/${person.id}/toggle_active/`, {})).statusCode).toBe(404);
  });
});

describe('DELETE /api/users/{id}/', () => {
  it('deletes a job seeker with profile, applications and files (rows and bytes); the audit log keeps who they were', async () => {
    const person = await createUser(t.db, { role: 'jobseeker', fullName: 'Gone Soon' });
    const resume = await storedResume(t, person);
    await createProfile(t.db, person.id, { resumeFileId: resume.id });
    const owner = await createUser(t.db, { role: 'employer' });
    const job = await createJob(t.db, (await createCompany(t.db, owner.id, { isApproved: true })).id);
    await createApplication(t.db, { jobId: job.id, jobseekerId: person.id, resumeFileId: resume.id });
    const stored = path.join(t.uploadsDir, resume.storageKey);
    expect(fs.existsSync(stored)).toBe(true);
    // The person's own earlier actions stay in the log too.
    await send('PUT', `/api/users/${person.id}/`, { email: person.email, full_name: 'Gone Very Soon' });

    const res = await send('DELETE', `/api/users/${person.id}/`);
    expect(res.statusCode).toBe(204);
    expect(await t.db.select().from(users).where(eq(users.id, person.id))).toEqual([]);
    expect(await t.db.select().from(uploadedFiles).where(eq(uploadedFiles.ownerId, person.id))).toEqual([]);
    expect(fs.existsSync(stored)).toBe(false);
    const entries = await auditOf('user', person.id);
    expect(entries.map((e) => e.action)).toEqual(['user.updated', 'user.deleted']);
    expect(entries[1]!.before).toMatchObject({ email: person.email, full_name: 'Gone Very Soon', role: 'jobseeker' });
    expect((await send('DELETE', `/api/users/${person.id}/`)).statusCode).toBe(404);
  });

  it('deletes an owner with their company only once the team is down to them', async () => {
    const owner = await createUser(t.db, { role: 'employer', fullName: 'Team Owner' });
    const company = await createCompany(t.db, owner.id, { isApproved: true, name: 'Team Co' });
    const recruiter = await createRecruiter(t.db, company.id);
    const refused = await send('DELETE', `/api/users/${owner.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).detail).toMatch(/Team Co.*1 other team member/);

    // A recruiter goes alone; the company stays.
    expect((await send('DELETE', `/api/users/${recruiter.id}/`)).statusCode).toBe(204);
    expect(await t.db.select().from(companies).where(eq(companies.id, company.id))).toHaveLength(1);

    const applicant = await createUser(t.db, { role: 'jobseeker' });
    const sent = await storedResume(t, applicant);
    const job = await createJob(t.db, company.id);
    await createApplication(t.db, { jobId: job.id, jobseekerId: applicant.id, resumeFileId: sent.id });
    expect((await send('DELETE', `/api/users/${owner.id}/`)).statusCode).toBe(204);
    expect(await t.db.select().from(companies).where(eq(companies.id, company.id))).toEqual([]);
    // The resume sent only with that application went with it, row and bytes.
    expect(await t.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, sent.id))).toEqual([]);
    expect(fs.existsSync(path.join(t.uploadsDir, sent.storageKey))).toBe(false);
    expect((await auditOf('company', company.id)).map((e) => e.action)).toEqual(['company.deleted']);
  });

  it('never deletes or deactivates oneself or the last active admin (409)', async () => {
    const self = await send('DELETE', `/api/users/${admin.user.id}/`);
    expect(self.statusCode).toBe(409);
    expect(json(self).code).toBe('conflict');
    // Another admin, the only other active one besides the caller, can go; the caller then is the last.
    const other = await signedInUser(t, { role: 'admin' });
    const [made] = await t.db.select().from(users).where(eq(users.email, 'second-admin@example.test'));
    if (made) await send('DELETE', `/api/users/${made.id}/`);
    expect((await send('DELETE', `/api/users/${admin.user.id}/`, undefined, other.token)).statusCode).toBe(204);
    const last = await send('DELETE', `/api/users/${other.user.id}/`, undefined, other.token);
    expect(last.statusCode).toBe(409);
    admin = other;
  });
});

describe('GET /api/admin/data/', () => {
  it('counts people, companies, jobs and applications, with 30 days of series and the approval queue', async () => {
    const res = await get('/api/admin/data/');
    expect(res.statusCode).toBe(200);
    const body = json<{
      counts: Record<string, unknown>;
      series: { signups: Array<{ date: string; jobseekers: number; employers: number }>; applications: Array<{ date: string; n: number }> };
      pending_companies: Array<{ id: number; is_approved: boolean }>;
    }>(res);
    const jobseekers = await t.db.$count(users, eq(users.role, 'jobseeker'));
    expect(body.counts.jobseekers).toBe(jobseekers);
    expect(body.counts).toMatchObject({ interviews: 0, recruiters: expect.any(Number), companies_pending: expect.any(Number) });
    expect(body.series.signups).toHaveLength(30);
    expect(body.series.applications).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(body.series.signups.at(-1)!.date).toBe(today);
    expect(body.series.signups.at(-1)!.jobseekers).toBeGreaterThan(0);
    // The factory's applications were sent a day or two ago.
    expect(body.series.applications.reduce((sum, d) => sum + d.n, 0)).toBeGreaterThan(0);
    expect(body.pending_companies.length).toBe(body.counts.companies_pending);
    expect(body.pending_companies.every((c) => !c.is_approved)).toBe(true);
    expectNoSecrets(res.body);

    // The big tables' counts are kept a while, but an account an admin makes shows at once.
    await send('POST', '/api/jobseekers/', { email: 'counted@example.test', full_name: 'Counted Once' });
    const again = json<{ counts: { jobseekers: number } }>(await get('/api/admin/data/'));
    expect(again.counts.jobseekers).toBe(jobseekers + 1);
  });
});

describe('secrets', () => {
  it('no admin answer carries a password hash, a code hash or a token, by field name or by value', async () => {
    // Make one of everything secret: a code (an account made here), a refresh token (a sign-in).
    await send('POST', '/api/employers/', { email: 'secret-check@example.test', full_name: 'Secret Check' });
    await t.smtp.waitForCode('secret-check@example.test');
    const secrets = [
      ...(await t.db.select({ v: users.passwordHash }).from(users)).map((r) => r.v),
      ...(await t.db.select({ v: oneTimeCodes.codeHash }).from(oneTimeCodes)).map((r) => r.v),
      ...(await t.db.select({ v: refreshTokens.tokenHash }).from(refreshTokens)).map((r) => r.v),
      admin.token,
    ].filter((v): v is string => !!v);
    expect(secrets.length).toBeGreaterThan(5);
    const someone = seeker.user.id;
    const urls = [
      '/api/users/?page_size=100',
      `/api/users/${someone}/`,
      '/api/jobseekers/?page_size=100',
      '/api/employers/?page_size=100',
      '/api/recruiters/?page_size=100',
      `/api/employers/${employer.user.id}/`,
      `/api/jobseekers/${someone}/`,
      '/api/admin/data/',
      '/api/admin/audit/?page_size=100',
      '/api/companies/?page_size=100',
    ];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expectNoSecrets(res.body);
      for (const secret of secrets) expect(res.body.includes(secret), url).toBe(false);
    }
  });
});
