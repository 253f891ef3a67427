import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { employerDashboard, jobseekerDashboard } from '@jobportal/shared';
import { createApplication, createProfile, createSavedJob, createSkill } from '../../seed/factories';
import { bearer, createTestApp, json, signedInUser, type TestApp } from '../../test/harness';
import { employerWithJob, storedResume } from '../../test/scenes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
});
afterAll(() => t?.close());

describe('dashboards', () => {
  it('gives the job seeker counts by status, recent applications, saved and matching jobs, and completeness; the employer its figures', async () => {
    const python = await createSkill(t.db, 'Python');
    const employer = await employerWithJob(t, { title: 'Python Developer', skillIds: [python.id] });
    const second = await employer.addJob({ title: 'Data Engineer', skillIds: [python.id] });
    const third = await employer.addJob({ title: 'Python Trainer', skillIds: [python.id] });
    await employer.addJob({ title: 'Closed role', status: 'closed' });
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    await createProfile(t.db, seeker.user.id, { skills: [{ skill_name: 'Python' }], bio: 'Hi' });
    const resume = await storedResume(t, seeker.user);
    await createApplication(t.db, { jobId: employer.job.id, jobseekerId: seeker.user.id, resumeFileId: resume.id, path: ['reviewed'] });
    await createApplication(t.db, { jobId: second.id, jobseekerId: seeker.user.id, resumeFileId: resume.id, path: ['rejected'] });
    await createSavedJob(t.db, seeker.user.id, third.id);
    const other = await signedInUser(t, { role: 'jobseeker', fullName: 'Newest Applicant' });
    await createApplication(t.db, {
      jobId: second.id,
      jobseekerId: other.user.id,
      resumeFileId: (await storedResume(t, other.user)).id,
      appliedAt: new Date(),
    });

    const res = await t.app.inject({ url: '/api/dashboard/jobseeker/', headers: bearer(seeker.token) });
    expect(res.statusCode, res.body).toBe(200);
    const mine = json<z.infer<typeof jobseekerDashboard>>(res);
    expect(mine.applications_by_status).toMatchObject({ applied: 0, reviewed: 1, rejected: 1, hired: 0 });
    expect(mine.recent_applications.map((a) => a.job.title).sort()).toEqual(['Data Engineer', 'Python Developer']);
    expect(mine.saved_jobs_count).toBe(1);
    expect(mine.saved_jobs[0]!.job.title).toBe('Python Trainer');
    expect(mine.matching_jobs.map((m) => m.job.title)).toEqual(['Python Trainer']);
    expect(mine.profile_completeness).toBe(10);

    const boss = json<z.infer<typeof employerDashboard>>(
      await t.app.inject({ url: '/api/dashboard/employer/', headers: bearer(employer.token) }),
    );
    expect(boss).toMatchObject({ jobs_posted: 4, open_jobs: 3, applications_total: 3 });
    expect(boss.applications_by_status).toMatchObject({ applied: 1, reviewed: 1, rejected: 1 });
    expect(boss.applications_by_job.slice(0, 2)).toEqual([
      { job_id: second.id, title: 'Data Engineer', count: 2 },
      { job_id: employer.job.id, title: 'Python Developer', count: 1 },
    ]);
    expect(boss.recent_applicants[0]!.applicant.full_name).toBe('Newest Applicant');
    // Each says which job the person applied for.
    expect(boss.recent_applicants[0]).toMatchObject({ job: second.id, job_title: 'Data Engineer' });
    const titles = new Map<number, string>([
      [employer.job.id, 'Python Developer'],
      [second.id, 'Data Engineer'],
    ]);
    expect(boss.recent_applicants.map((a) => a.job_title)).toEqual(boss.recent_applicants.map((a) => titles.get(a.job)));
  });

  it('has zeros for a new employer and a new job seeker, and is for the right role only', async () => {
    const employer = await signedInUser(t, { role: 'employer' });
    const empty = json<z.infer<typeof employerDashboard>>(
      await t.app.inject({ url: '/api/dashboard/employer/', headers: bearer(employer.token) }),
    );
    expect(empty).toMatchObject({ jobs_posted: 0, open_jobs: 0, applications_total: 0, applications_by_job: [], recent_applicants: [] });
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const fresh = json<z.infer<typeof jobseekerDashboard>>(
      await t.app.inject({ url: '/api/dashboard/jobseeker/', headers: bearer(seeker.token) }),
    );
    expect(fresh).toMatchObject({ saved_jobs_count: 0, recent_applications: [], profile_completeness: 0 });

    expect((await t.app.inject({ url: '/api/dashboard/jobseeker/' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/dashboard/employer/' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/dashboard/jobseeker/', headers: bearer(employer.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/dashboard/employer/', headers: bearer(seeker.token) })).statusCode).toBe(403);
  });
});
