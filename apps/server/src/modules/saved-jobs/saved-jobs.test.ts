import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedJobOut } from '@jobportal/shared';
import { createCompany, createJob } from '../../seed/factories';
import { bearer, createTestApp, json, signedInUser, type TestApp } from '../../test/harness';
import { employerWithJob } from '../../test/scenes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
});
afterAll(() => t?.close());

type Page<T> = { results: T[]; count: number; next: string | null };
const save = (token: string, job: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/saved-jobs/', headers: bearer(token), payload: { job } });

describe('saved jobs', () => {
  it('saves a public job (201), saving it again answers the same one (200), lists newest first, and gives the ids', async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const employer = await employerWithJob(t, { title: 'Data Analyst' });
    const second = await employer.addJob({ title: 'Data Scientist' });
    const first = await save(seeker.token, employer.job.id);
    expect(first.statusCode).toBe(201);
    expect(json<SavedJobOut>(first)).toMatchObject({
      job: { id: employer.job.id, title: 'Data Analyst', company: { name: employer.company.name } },
    });
    const again = await save(seeker.token, employer.job.id);
    expect(again.statusCode).toBe(200);
    expect(json<SavedJobOut>(again).id).toBe(json<SavedJobOut>(first).id);
    await save(seeker.token, second.id);

    const list = json<Page<SavedJobOut>>(await t.app.inject({ url: '/api/saved-jobs/', headers: bearer(seeker.token) }));
    expect(list.count).toBe(2);
    expect(list.results.map((s) => s.job.title)).toEqual(['Data Scientist', 'Data Analyst']);
    const paged = json<Page<SavedJobOut>>(await t.app.inject({ url: '/api/saved-jobs/?page_size=1', headers: bearer(seeker.token) }));
    expect(paged.results).toHaveLength(1);
    expect(paged.next).toContain('page=2');
    const ids = json<number[]>(await t.app.inject({ url: '/api/saved-jobs/ids/', headers: bearer(seeker.token) }));
    expect(ids).toEqual([second.id, employer.job.id]);

    // Another job seeker's list is their own.
    const other = await signedInUser(t, { role: 'jobseeker' });
    expect(json<Page<SavedJobOut>>(await t.app.inject({ url: '/api/saved-jobs/', headers: bearer(other.token) })).count).toBe(0);
  });

  it('saves only public jobs (404 otherwise), and hides saved jobs that stopped being public', async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const employer = await employerWithJob(t);
    const closed = await employer.addJob({ status: 'closed' });
    const pendingOwner = await signedInUser(t, { role: 'employer' });
    const pending = await createJob(t.db, (await createCompany(t.db, pendingOwner.user.id)).id);
    for (const id of [closed.id, pending.id, 999_999]) expect((await save(seeker.token, id)).statusCode, String(id)).toBe(404);

    expect((await save(seeker.token, employer.job.id)).statusCode).toBe(201);
    const close = await t.app.inject({
      method: 'PATCH',
      url: `/api/jobs/${employer.job.id}/`,
      headers: bearer(employer.token),
      payload: { status: 'closed' },
    });
    expect(close.statusCode).toBe(200);
    expect(json<Page<SavedJobOut>>(await t.app.inject({ url: '/api/saved-jobs/', headers: bearer(seeker.token) })).count).toBe(0);
    expect(json<number[]>(await t.app.inject({ url: '/api/saved-jobs/ids/', headers: bearer(seeker.token) }))).toEqual([]);
  });

  it('deletes only own saved jobs (404 for others and missing ones)', async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const other = await signedInUser(t, { role: 'jobseeker' });
    const { job } = await employerWithJob(t);
    const saved = json<SavedJobOut>(await save(seeker.token, job.id));
    expect((await t.app.inject({ method: 'DELETE', url: `/api/saved-jobs/${saved.id}/`, headers: bearer(other.token) })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'DELETE', url: `/api/saved-jobs/${saved.id}/`, headers: bearer(seeker.token) })).statusCode).toBe(
      204,
    );
    expect((await t.app.inject({ method: 'DELETE', url: `/api/saved-jobs/${saved.id}/`, headers: bearer(seeker.token) })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'DELETE', url: '/api/saved-jobs/abc/', headers: bearer(seeker.token) })).statusCode).toBe(400);
  });

  it('refuses bad input with 400 and other callers with 401/403', async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    for (const job of ['1', 0, -3, 1.5, null, 99_999_999_999, { id: 1 }]) {
      expect((await save(seeker.token, job)).statusCode, JSON.stringify(job)).toBe(400);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/saved-jobs/', headers: bearer(seeker.token), payload: {} })).statusCode).toBe(
      400,
    );
    expect((await t.app.inject({ url: '/api/saved-jobs/?page=0', headers: bearer(seeker.token) })).statusCode).toBe(400);
    const employer = await signedInUser(t, { role: 'employer' });
    for (const [method, url] of [
      ['GET', '/api/saved-jobs/'],
      ['GET', '/api/saved-jobs/ids/'],
      ['POST', '/api/saved-jobs/'],
      ['DELETE', '/api/saved-jobs/1/'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: method === 'POST' ? { job: 1 } : undefined })).statusCode, url).toBe(401);
      expect(
        (await t.app.inject({ method, url, headers: bearer(employer.token), payload: method === 'POST' ? { job: 1 } : undefined }))
          .statusCode,
      ).toBe(403);
    }
  });
});
