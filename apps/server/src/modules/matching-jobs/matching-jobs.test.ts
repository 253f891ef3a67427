import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchingJob } from '@jobportal/shared';
import { createApplication, createJob, createProfile, createSkill } from '../../seed/factories';
import { bearer, createTestApp, json, signedInUser, type TestApp } from '../../test/harness';
import { employerWithJob, storedResume } from '../../test/scenes';
import { thinProfileHint } from './matching-jobs.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
});
afterAll(() => t?.close());

type MatchPage = { results: MatchingJob[]; count: number; next: string | null; hint: string | null };
const matches = async (token: string, query = '') => {
  const res = await t.app.inject({ url: `/api/matching-jobs/${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return json<MatchPage>(res);
};

describe('GET /api/matching-jobs/', () => {
  let jobs: Record<string, number>;
  let companyId: number;

  beforeAll(async () => {
    const [python, sql, docker, excel, figma] = await Promise.all(
      ['Python', 'SQL', 'Docker', 'Excel', 'Figma'].map((n) => createSkill(t.db, n)),
    );
    const employer = await employerWithJob(t, { title: 'Office Manager', skillIds: [excel!.id], location: 'Paris, France' });
    companyId = employer.company.id;
    const day = 86_400_000;
    const job = (title: string, seed: Parameters<typeof createJob>[2]) => createJob(t.db, companyId, { title, ...seed }).then((j) => j.id);
    jobs = {
      office: employer.job.id,
      dataEngineer: await job('Senior Data Engineer', {
        skillIds: [python!.id, sql!.id, docker!.id],
        isRemote: true,
        salaryMin: 80_000,
        salaryMax: 95_000,
        experienceLevel: 'Senior level',
        postedAt: new Date(Date.now() - 20 * day),
      }),
      backend: await job('Backend Developer', {
        skillIds: [python!.id, figma!.id],
        location: 'Berlin, Germany',
        postedAt: new Date(Date.now() - day),
      }),
      analyst: await job('Data Analyst', { skillIds: [excel!.id], experienceLevel: 'Mid level' }),
      closed: await job('Python Data Engineer', { skillIds: [python!.id, sql!.id], status: 'closed' }),
      applied: await job('Data Engineer (Python)', { skillIds: [python!.id, sql!.id] }),
    };
  });

  it('ranks a Python/SQL job above unrelated ones for a Python + SQL profile, with plain reasons and 0–100 scores', async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    await createProfile(t.db, seeker.user.id, {
      currentJobTitle: 'Data Engineer',
      skills: [{ skill_name: 'python' }, { skill_name: 'SQL' }, { skill_name: 'Knitting' }],
      jobPreferences: { experience_level: 'Senior level', salary_min: 90_000, is_remote_ok: true, locations: ['Berlin'] },
    });
    await createApplication(t.db, {
      jobId: jobs.applied!,
      jobseekerId: seeker.user.id,
      resumeFileId: (await storedResume(t, seeker.user)).id,
    });

    const page = await matches(seeker.token);
    expect(page.hint).toBeNull();
    const ids = page.results.map((r) => r.job.id);
    expect(ids[0]).toBe(jobs.dataEngineer);
    expect(ids).toContain(jobs.backend);
    expect(ids).toContain(jobs.analyst); // "Data" in the title
    expect(ids).not.toContain(jobs.office);
    expect(ids).not.toContain(jobs.closed);
    expect(ids).not.toContain(jobs.applied);
    expect(page.count).toBe(ids.length);

    const best = page.results[0]!;
    expect(best.reasons).toEqual([
      '2 of 3 required skills: Python, SQL',
      'Title close to "Data Engineer"',
      'Senior level, as you prefer',
      'Remote',
      'Pays up to $95,000',
    ]);
    const backend = page.results.find((r) => r.job.id === jobs.backend)!;
    expect(backend.reasons).toEqual([
      '1 of 2 required skills: Python',
      'Mid level, next to the senior level you prefer',
      'In Berlin, Germany',
    ]);
    for (const r of page.results) {
      expect(r.score).toBeGreaterThan(0);
      expect(r.score).toBeLessThanOrEqual(100);
    }
    expect(best.score).toBeGreaterThan(backend.score!);
    const scores = page.results.map((r) => r.score ?? -1);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));

    const paged = await matches(seeker.token, '?page_size=1&page=2');
    expect(paged.results.map((r) => r.job.id)).toEqual([ids[1]]);
    expect(paged.count).toBe(page.count);
  });

  it('answers an empty profile with the hint and the newest public jobs, never an error', async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const page = await matches(seeker.token);
    expect(page.hint).toBe(thinProfileHint);
    expect(page.results.map((r) => r.job.id)).toEqual([jobs.applied, jobs.analyst, jobs.office, jobs.backend, jobs.dataEngineer]);
    expect(page.results.map((r) => r.score)).toEqual([null, null, null, null, null]);
    // Preferences alone neither rank nor score (a remote job is not a "100% match" for a profile that
    // names no work); the facts they find are still said.
    await createProfile(t.db, seeker.user.id, { jobPreferences: { is_remote_ok: true } });
    const again = await matches(seeker.token);
    expect(again.hint).toBe(thinProfileHint);
    expect(again.results.find((r) => r.job.id === jobs.dataEngineer)?.reasons).toEqual(['Remote']);
    expect(again.results.map((r) => r.score)).toEqual([null, null, null, null, null]);
  });

  it('is for job seekers only, and refuses bad paging', async () => {
    expect((await t.app.inject({ url: '/api/matching-jobs/' })).statusCode).toBe(401);
    const employer = await signedInUser(t, { role: 'employer' });
    expect((await t.app.inject({ url: '/api/matching-jobs/', headers: bearer(employer.token) })).statusCode).toBe(403);
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    for (const q of ['page=0', 'page_size=500', 'page=x']) {
      expect((await t.app.inject({ url: `/api/matching-jobs/?${q}`, headers: bearer(seeker.token) })).statusCode, q).toBe(400);
    }
  });
});
