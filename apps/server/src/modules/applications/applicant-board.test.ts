// GET /api/jobs/{id}/applicants/board/: the hiring board's first view in one call (decision 019).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationStatuses, type ApplicantBoard, type ApplicantOut, type ApplicationStatus } from '@jobportal/shared';
import { applications } from '../../db/schema';
import { createApplication, createJob, createProfile, createRecruiter, createSkill, createUser } from '../../seed/factories';
import { bearer, createTestApp, json, signedInUser, type TestApp } from '../../test/harness';
import { employerWithJob, storedResume } from '../../test/scenes';

let t: TestApp;
let employer: Awaited<ReturnType<typeof employerWithJob>>;
const hour = 3_600_000;

/** Who applies, in what status: applied a day apart, the first one longest ago. */
const people: Array<[string, ApplicationStatus[]]> = [
  ['Alice Brown', []],
  ['Bob Stone', []],
  ['Carla Brown', []],
  ['Dan White', ['reviewed']],
  ['Eve Brown', ['reviewed']],
  ['Finn Gray', ['reviewed', 'rejected']],
  ['Gus Brown', ['withdrawn']],
];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
  const skill = await createSkill(t.db);
  employer = await employerWithJob(t, { title: 'Board Builder', skillIds: [skill.id] });
  for (const [i, [fullName, path]] of people.entries()) {
    const seeker = await createUser(t.db, { role: 'jobseeker', fullName });
    await createProfile(t.db, seeker.id, { currentJobTitle: 'Carpenter', skills: i % 2 ? [] : [{ skill_name: skill.name }] });
    await createApplication(t.db, {
      jobId: employer.job.id,
      jobseekerId: seeker.id,
      resumeFileId: (await storedResume(t, seeker)).id,
      path,
      appliedAt: new Date(Date.now() - (people.length - i) * 24 * hour),
      employerId: employer.user.id,
    });
  }
});
afterAll(() => t?.close());

const boardUrl = (jobId: number, query = '') => `/api/jobs/${jobId}/applicants/board/${query}`;
const boardOf = async (token: string, query = '') => {
  const res = await t.app.inject({ url: boardUrl(employer.job.id, query), headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return json<ApplicantBoard>(res);
};
const names = (board: ApplicantBoard) =>
  Object.fromEntries(board.columns.map((c) => [c.status, c.results.map((a) => a.applicant.full_name)]));
const counts = (board: ApplicantBoard) => Object.fromEntries(board.columns.map((c) => [c.status, c.count]));

describe('GET /api/jobs/{id}/applicants/board/', () => {
  it('answers every status column in pipeline order with its count and its first page, newest first', async () => {
    const board = await boardOf(employer.token, '?page_size=2');
    expect(board.columns.map((c) => c.status)).toEqual([...applicationStatuses]);
    expect(counts(board)).toEqual({
      applied: 3,
      reviewed: 2,
      interview_scheduled: 0,
      interviewed: 0,
      offered: 0,
      hired: 0,
      rejected: 1,
      withdrawn: 1,
    });
    expect(names(board)).toMatchObject({
      applied: ['Carla Brown', 'Bob Stone'],
      reviewed: ['Eve Brown', 'Dan White'],
      interview_scheduled: [],
      rejected: ['Finn Gray'],
      withdrawn: ['Gus Brown'],
    });
  });

  it("gives each column's first page exactly as the list gives it for that status (the card's whole shape)", async () => {
    const board = await boardOf(employer.token, '?page_size=2');
    for (const column of board.columns) {
      const res = await t.app.inject({
        url: `/api/jobs/${employer.job.id}/applicants/?status=${column.status}&page=1&page_size=2`,
        headers: bearer(employer.token),
      });
      const list = json<{ results: ApplicantOut[]; count: number }>(res);
      expect(column.results, column.status).toEqual(list.results);
      expect(column.count, column.status).toBe(list.count);
    }
    const carla = board.columns[0]!.results[0]!;
    expect(carla).toMatchObject({
      applicant: { current_job_title: 'Carpenter' },
      match_reasons: [expect.stringMatching(/^1 of 1 required skills/)],
    });
  });

  it("leaves out, as the list does, an application that lost its resume (a former member's): the first page stays full", async () => {
    const job = await employer.addJob({ title: 'Former members' });
    for (const [i, hasResume] of [true, true, true, false].entries()) {
      const seeker = await createUser(t.db, { role: 'jobseeker', fullName: `Person ${i}` });
      const application = await createApplication(t.db, {
        jobId: job.id,
        jobseekerId: seeker.id,
        resumeFileId: (await storedResume(t, seeker)).id,
        appliedAt: new Date(Date.now() - (9 - i) * hour),
      });
      // What deleting the account leaves of the newest one (decision 017).
      if (!hasResume) await t.db.update(applications).set({ resumeFileId: null }).where(eq(applications.id, application.id));
    }
    const res = await t.app.inject({ url: boardUrl(job.id, '?page_size=2'), headers: bearer(employer.token) });
    const list = await t.app.inject({ url: `/api/jobs/${job.id}/applicants/?status=applied&page_size=2`, headers: bearer(employer.token) });
    const applied = json<ApplicantBoard>(res).columns[0]!;
    expect(applied.results.map((a) => a.applicant.full_name)).toEqual(['Person 2', 'Person 1']);
    // Counted as listed: the three with their resume.
    expect(applied).toMatchObject({ count: 3 });
    expect(json<{ count: number }>(list).count).toBe(3);
    expect(applied.results).toEqual(json<{ results: ApplicantOut[] }>(list).results);
  });

  it('takes 20 a column by default', async () => {
    const busy = await employer.addJob({ title: 'Busy job' });
    for (let i = 0; i < 22; i++) {
      const seeker = await createUser(t.db, { role: 'jobseeker' });
      await createApplication(t.db, { jobId: busy.id, jobseekerId: seeker.id, resumeFileId: (await storedResume(t, seeker)).id });
    }
    const res = await t.app.inject({ url: boardUrl(busy.id), headers: bearer(employer.token) });
    const applied = json<ApplicantBoard>(res).columns[0]!;
    expect([applied.count, applied.results.length]).toEqual([22, 20]);
  });

  it('filters every column and its count by the name search, as the list does', async () => {
    const browns = await boardOf(employer.token, '?search=brown');
    expect(counts(browns)).toMatchObject({ applied: 2, reviewed: 1, rejected: 0, withdrawn: 1 });
    expect(names(browns)).toMatchObject({ applied: ['Carla Brown', 'Alice Brown'], reviewed: ['Eve Brown'], rejected: [] });
    const nobody = await boardOf(employer.token, '?search=zebra%20brown');
    expect(nobody.columns.every((c) => c.count === 0 && c.results.length === 0)).toBe(true);
  });

  it("is for the job's company: its recruiters too", async () => {
    const recruiter = await createRecruiter(t.db, employer.company.id, { password: 'correct-horse-battery' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: recruiter.email, password: 'correct-horse-battery' },
    });
    expect(counts(await boardOf(login.json<{ accessToken: string }>().accessToken)).applied).toBe(3);
  });

  it('refuses bad input with a 400 JSON error', async () => {
    const queries = ['?page_size=0', '?page_size=abc', '?page_size=1000', '?page_size=-1', `?search=${'x'.repeat(201)}`];
    for (const query of queries) {
      const res = await t.app.inject({ url: boardUrl(employer.job.id, query), headers: bearer(employer.token) });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    }
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      const res = await t.app.inject({ url: `/api/jobs/${id}/applicants/board/`, headers: bearer(employer.token) });
      expect(res.statusCode, id).toBe(400);
      expect(res.json(), id).toMatchObject({ code: expect.any(String) });
    }
  });

  it('is 403 for another company on a public job, 404 on a hidden or missing one, 403 for job seekers and admins, 401 anonymous', async () => {
    const other = await employerWithJob(t);
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const admin = await signedInUser(t, { role: 'admin' });
    const closed = await createJob(t.db, employer.company.id, { status: 'closed' });
    const status = async (url: string, token?: string) => (await t.app.inject({ url, headers: token ? bearer(token) : {} })).statusCode;
    expect(await status(boardUrl(employer.job.id), other.token)).toBe(403);
    expect(await status(boardUrl(closed.id), other.token)).toBe(404);
    expect(await status(boardUrl(closed.id), employer.token)).toBe(200);
    expect(await status(boardUrl(999999), employer.token)).toBe(404);
    expect(await status(boardUrl(employer.job.id), seeker.token)).toBe(403);
    expect(await status(boardUrl(employer.job.id), admin.token)).toBe(403);
    expect(await status(boardUrl(employer.job.id))).toBe(401);
  });
});
