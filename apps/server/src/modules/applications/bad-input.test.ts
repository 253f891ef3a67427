import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../seed/documents';
import { createApplication } from '../../seed/factories';
import { formBody } from '../../test/forms';
import { bearer, createTestApp, signedInUser, type TestApp } from '../../test/harness';
import { employerWithJob, storedResume } from '../../test/scenes';

let t: TestApp;
let tokens: Record<'jobseeker' | 'employer' | 'admin', string>;
let ids: { job: number; application: number; seeker: number };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
  const seeker = await signedInUser(t, { role: 'jobseeker' });
  const employer = await employerWithJob(t);
  const admin = await signedInUser(t, { role: 'admin' });
  const application = await createApplication(t.db, {
    jobId: employer.job.id,
    jobseekerId: seeker.user.id,
    resumeFileId: (await storedResume(t, seeker.user)).id,
  });
  tokens = { jobseeker: seeker.token, employer: employer.token, admin: admin.token };
  ids = { job: employer.job.id, application: application.id, seeker: seeker.user.id };
});
afterAll(() => t?.close());

const badIds = ['abc', '-1', '0', '1.5', '99999999999999999999', '%00', '1e3', '%20', 'null'];
const badQueries = ['page=0', 'page=abc', 'page_size=-5', 'page_size=1e9', 'status=nope', 'search=%00', 'sort=%27', 'page=1&page=2'];
const badBodies: unknown[] = [
  null,
  [],
  'text',
  42,
  { status: { $ne: 1 } },
  { job: '1; drop table jobs' },
  { job: [1] },
  { status: 'x'.repeat(10_000) },
];

describe('garbage in every parameter of the job seeker and application endpoints', () => {
  it('answers 4xx, never 5xx', async () => {
    // Each endpoint with the role it serves, so the garbage reaches the parsing and the rules.
    type Role = keyof typeof tokens;
    const paths = (id: string): Array<[string, string, Role]> => [
      ['GET', '/api/jobseek/profile/', 'jobseeker'],
      ['PUT', '/api/jobseek/profile/', 'jobseeker'],
      ['GET', `/api/jobseekers/${id}/`, 'employer'],
      ['GET', `/api/jobseekers/${id}/resume/`, 'employer'],
      ['GET', `/api/jobseekers/${id}/photo/`, 'admin'],
      ['GET', '/api/saved-jobs/', 'jobseeker'],
      ['POST', '/api/saved-jobs/', 'jobseeker'],
      ['GET', '/api/saved-jobs/ids/', 'jobseeker'],
      ['DELETE', `/api/saved-jobs/${id}/`, 'jobseeker'],
      ['GET', '/api/matching-jobs/', 'jobseeker'],
      ['POST', '/api/applications/', 'jobseeker'],
      ['GET', '/api/myapplications/', 'jobseeker'],
      ['GET', `/api/jobs/${id}/check-application-status/`, 'jobseeker'],
      ['POST', `/api/applications/${id}/withdraw/`, 'jobseeker'],
      ['GET', `/api/applications/${id}/resume/`, 'employer'],
      ['GET', `/api/jobs/${id}/applicants/`, 'employer'],
      ['GET', `/api/jobs/${id}/applicants/board/`, 'employer'],
      ['PATCH', `/api/jobs/${id}/applications/status/`, 'employer'],
      ['GET', '/api/notifications/', 'admin'],
      ['POST', `/api/notifications/${id}/mark_as_read/`, 'employer'],
      ['GET', '/api/dashboard/jobseeker/', 'jobseeker'],
      ['GET', '/api/dashboard/employer/', 'employer'],
    ];
    const failures: string[] = [];
    const check = async (method: string, url: string, token: string, payload?: unknown, headers: Record<string, string> = {}) => {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { ...bearer(token), ...headers },
        ...(payload === undefined
          ? {}
          : { payload: typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload) }),
      });
      if (res.statusCode >= 500) failures.push(`${method} ${url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    };
    const form = formBody([
      { name: 'job', value: String(ids.job) },
      { name: 'resume', filename: 'a.pdf', contentType: 'application/pdf', data: makePdf('A', []) },
      { name: 'profile_photo', filename: 'a.png', contentType: 'image/png', data: Buffer.from('not a png') },
    ]);
    for (const id of [...badIds, String(ids.job), String(ids.application), String(ids.seeker)]) {
      for (const [method, path, role] of paths(id)) {
        const token = tokens[role];
        // Paths without an id are the same for every id: try them once.
        if (!path.includes(id) && id !== badIds[0]) continue;
        await check(method, path, token);
        for (const query of badQueries) await check(method, `${path}?${query}`, token);
        if (method === 'GET' || method === 'DELETE') continue;
        for (const body of badBodies) await check(method, path, token, body, { 'content-type': 'application/json' });
        await check(method, path, token, '{"broken json', { 'content-type': 'application/json' });
        await check(method, path, token, 'garbage', { 'content-type': 'multipart/form-data; boundary=x' });
        await check(method, path, token, form.payload, form.headers);
      }
    }
    expect(failures).toEqual([]);
    // Thousands of requests, one after another: 15-26 s on a busy 2-core machine, so its own limit.
  }, 120_000);
});
