// The hiring board's card facts on GET /api/jobs/{id}/applicants/: match reasons, the next or last
// interview, unread messages; batched per page; the same facts in a move's answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicantOut, ApplicationStatus } from '@jobportal/shared';
import {
  createApplication,
  createChatMessage,
  createChatRoom,
  createCompany,
  createInterview,
  createJob,
  createProfile,
  createSkill,
  createUser,
} from '../../seed/factories';
import { bearer, createTestApp, json, signedInUser, type TestApp } from '../../test/harness';
import { employerWithJob, storedResume } from '../../test/scenes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
});
afterAll(() => t?.close());

type ApplicantPage = { results: ApplicantOut[]; count: number; status_counts: Record<ApplicationStatus, number> };
const hour = 3_600_000;

async function applicantOf(jobId: number, fullName: string, path: ApplicationStatus[] = [], skills: string[] = []) {
  const seeker = await createUser(t.db, { role: 'jobseeker', fullName });
  await createProfile(t.db, seeker.id, { skills: skills.map((skill_name) => ({ skill_name })) });
  const resume = await storedResume(t, seeker);
  const application = await createApplication(t.db, { jobId, jobseekerId: seeker.id, resumeFileId: resume.id, path });
  return { seeker, application };
}

describe('applicant cards', () => {
  it('gives each applicant the skills in common, the next or last interview, and unread messages', async () => {
    const [python, sql, docker] = await Promise.all([createSkill(t.db), createSkill(t.db), createSkill(t.db)]);
    const employer = await employerWithJob(t, { title: 'Data Engineer', skillIds: [python.id, sql.id, docker.id] });
    const jobId = employer.job.id;
    const ana = await applicantOf(
      jobId,
      'Ana Souza',
      ['reviewed', 'interview_scheduled'],
      [docker.name.toUpperCase(), python.name, 'Knitting'],
    );
    const ben = await applicantOf(jobId, 'Ben Okafor', ['reviewed', 'interview_scheduled'], []);
    const cleo = await applicantOf(jobId, 'Cleo Park');
    const soon = new Date(Date.now() + 48 * hour);
    await createInterview(t.db, {
      applicationId: ana.application.id,
      interviewerId: employer.user.id,
      scheduledTime: new Date(Date.now() + 96 * hour),
    });
    await createInterview(t.db, { applicationId: ana.application.id, interviewerId: employer.user.id, scheduledTime: soon });
    const past = new Date(Date.now() - 24 * hour);
    await createInterview(t.db, {
      applicationId: ben.application.id,
      interviewerId: employer.user.id,
      scheduledTime: past,
      status: 'completed',
    });
    const room = await createChatRoom(t.db, { jobseekerId: cleo.seeker.id, companyId: employer.company.id, employerId: employer.user.id });
    for (const content of ['Hello', 'Any news?']) {
      await createChatMessage(t.db, { roomId: room.id, senderId: cleo.seeker.id, fromJobseeker: true, content });
    }
    await createChatMessage(t.db, { roomId: room.id, senderId: cleo.seeker.id, fromJobseeker: true, content: 'Read', readAt: new Date() });
    await createChatMessage(t.db, { roomId: room.id, senderId: employer.user.id, fromJobseeker: false, content: 'Soon!' });

    const res = await t.app.inject({ url: `/api/jobs/${jobId}/applicants/?page_size=50`, headers: bearer(employer.token) });
    expect(res.statusCode, res.body).toBe(200);
    const byName = new Map(json<ApplicantPage>(res).results.map((a) => [a.applicant.full_name, a]));
    expect(byName.get('Ana Souza')).toMatchObject({
      match_reasons: [`2 of 3 required skills: ${python.name}, ${docker.name}`],
      interview: { starts_at: soon.toISOString(), status: 'scheduled', is_upcoming: true },
      unread_messages: 0,
    });
    expect(byName.get('Ben Okafor')).toMatchObject({
      match_reasons: [],
      interview: { starts_at: past.toISOString(), status: 'completed', is_upcoming: false },
    });
    expect(byName.get('Cleo Park')).toMatchObject({ match_reasons: [], interview: null, unread_messages: 2 });

    // A move answers with the same card facts.
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/jobs/${ana.application.id}/applications/status/`,
      headers: bearer(employer.token),
      payload: { status: 'rejected' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(json<ApplicantOut>(moved)).toMatchObject({
      status: 'rejected',
      match_reasons: [expect.stringContaining('2 of 3')],
      interview: { is_upcoming: true },
    });
  });

  it('pages one status column as the board asks, with the counts of every status', async () => {
    const employer = await employerWithJob(t);
    const jobId = employer.job.id;
    for (let i = 0; i < 3; i++) await applicantOf(jobId, `Reviewed ${i}`, ['reviewed']);
    await applicantOf(jobId, 'Still applied');
    const column = (page: number) =>
      t.app.inject({ url: `/api/jobs/${jobId}/applicants/?status=reviewed&page=${page}&page_size=2`, headers: bearer(employer.token) });
    const first = json<ApplicantPage & { next: string | null }>(await column(1));
    expect(first.results.map((a) => a.status)).toEqual(['reviewed', 'reviewed']);
    expect(first.count).toBe(3);
    expect(first.next).not.toBeNull();
    expect(first.status_counts).toMatchObject({ applied: 1, reviewed: 3, hired: 0 });
    expect(json<ApplicantPage>(await column(2)).results).toHaveLength(1);
  });

  it('keeps the cards from another company and from job seekers (wrong callers)', async () => {
    const employer = await employerWithJob(t);
    await applicantOf(employer.job.id, 'Dana Reyes');
    const other = await signedInUser(t, { role: 'employer' });
    await createCompany(t.db, other.user.id, { isApproved: true });
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const url = `/api/jobs/${employer.job.id}/applicants/`;
    expect((await t.app.inject({ url, headers: bearer(other.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ url, headers: bearer(seeker.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const closed = await createJob(t.db, employer.company.id, { status: 'closed' });
    expect((await t.app.inject({ url: `/api/jobs/${closed.id}/applicants/`, headers: bearer(other.token) })).statusCode).toBe(404);
  });

  it('refuses a bad column request with fields, never a 500', async () => {
    const employer = await employerWithJob(t);
    const res = await t.app.inject({
      url: `/api/jobs/${employer.job.id}/applicants/?status=ghosted&page_size=0`,
      headers: bearer(employer.token),
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(json<{ fields: Record<string, string[]> }>(res).fields)).toEqual(expect.arrayContaining(['status']));
  });
});
