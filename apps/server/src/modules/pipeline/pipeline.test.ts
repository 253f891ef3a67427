import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoteOut, TemplateOut, TimelineOut } from '@jobportal/shared';
import { applications, notifications } from '../../db/schema';
import { createApplication, createCompany, createInterview, createJob, createRecruiter } from '../../seed/factories';
import { bearer, createTestApp, json, signedInUser, type TestApp } from '../../test/harness';
import { storedResume } from '../../test/scenes';
import { findMentions } from './mentions';

let t: TestApp;
let w: Awaited<ReturnType<typeof world>>;

async function login(email: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/login/', payload: { email, password: 'correct-horse-battery' } });
  return res.json<{ accessToken: string }>().accessToken;
}

async function world() {
  const owner = await signedInUser(t, { role: 'employer', fullName: 'Olivia Owner' });
  const company = await createCompany(t.db, owner.user.id, { isApproved: true, name: 'Northwind Test' });
  const recruiterUser = await createRecruiter(t.db, company.id, { fullName: 'Priya Shah' });
  const recruiter = { user: recruiterUser, token: await login(recruiterUser.email) };
  const other = await signedInUser(t, { role: 'employer' });
  await createCompany(t.db, other.user.id, { isApproved: true, name: 'Elsewhere' });
  const seeker = await signedInUser(t, { role: 'jobseeker', fullName: 'Ada Lovelace' });
  const job = await createJob(t.db, company.id, { title: 'Data Engineer' });
  const resume = await storedResume(t, seeker.user);
  const application = await createApplication(t.db, { jobId: job.id, jobseekerId: seeker.user.id, resumeFileId: resume.id });
  return { owner, company, recruiter, other, seeker, job, application };
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '20' });
  w = await world();
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

describe('mentions', () => {
  const team = [
    { userId: 1, fullName: 'Priya Shah' },
    { userId: 2, fullName: 'Ann Lee' },
    { userId: 3, fullName: 'Ann Smith' },
  ];
  it('reads @Full Name anywhere, and @First when no teammate shares it', () => {
    expect(findMentions('Great call, @priya shah!', team)).toEqual([1]);
    expect(findMentions('@Priya can you check', team)).toEqual([1]);
    expect(findMentions('@Ann Lee and @Ann', team)).toEqual([2]);
    expect(findMentions('mail priya@example.com or @Priyanka', team)).toEqual([]);
  });
});

describe('team notes', () => {
  it('lets the owner write a note that mentions a recruiter, who hears of it; the recruiter reads it and answers', async () => {
    const url = `/api/applications/${w.application.id}/notes/`;
    const created = await call('POST', url, w.owner.token, { body: 'Strong SQL. @Priya Shah can you run the tech screen?' });
    expect(created.statusCode, created.body).toBe(201);
    const note = json<NoteOut>(created);
    expect(note).toMatchObject({ author: { id: w.owner.user.id, full_name: 'Olivia Owner' }, is_mine: true });
    expect(note.mentions).toEqual([{ id: w.recruiter.user.id, full_name: 'Priya Shah' }]);
    const bell = await t.db.select().from(notifications).where(eq(notifications.userId, w.recruiter.user.id));
    expect(bell.map((n) => n.type)).toEqual(['note_mention']);
    expect(bell[0]!.message).toBe('Olivia Owner mentioned you in a note on Ada Lovelace (Data Engineer).');
    expect(bell[0]!.link).toBe(`/EmployerJobapplicants/${w.job.id}?applicant=${w.application.id}`);

    const answer = await call('POST', url, w.recruiter.token, { body: 'On it, booked for Thursday.' });
    expect(answer.statusCode).toBe(201);
    const list = json<{ results: NoteOut[] }>(await call('GET', url, w.recruiter.token));
    expect(list.results.map((n) => [n.body.slice(0, 10), n.is_mine])).toEqual([
      ['Strong SQL', false],
      ['On it, boo', true],
    ]);
  });

  it('hides the notes from the job seeker, other companies and admins (404), and refuses bad input with fields', async () => {
    const url = `/api/applications/${w.application.id}/notes/`;
    const admin = await signedInUser(t, { role: 'admin' });
    for (const token of [w.seeker.token, w.other.token, admin.token]) {
      expect((await call('GET', url, token)).statusCode).toBe(404);
      expect((await call('POST', url, token, { body: 'Sneaky' })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const empty = await call('POST', url, w.owner.token, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(json<{ fields: Record<string, string[]> }>(empty).fields.body).toBeDefined();
    expect((await call('POST', url, w.owner.token, { body: 'x'.repeat(5001) })).statusCode).toBe(400);
    expect((await call('GET', '/api/applications/999999/notes/', w.owner.token)).statusCode).toBe(404);
  });

  it('lets only the author edit and delete a note; an edit tells only the newly mentioned', async () => {
    const url = `/api/applications/${w.application.id}/notes/`;
    const note = json<NoteOut>(await call('POST', url, w.recruiter.token, { body: 'Draft' }));
    const before = (await t.db.select().from(notifications).where(eq(notifications.userId, w.owner.user.id))).length;
    const edited = await call('PATCH', `/api/application-notes/${note.id}/`, w.recruiter.token, { body: 'Asking @Olivia Owner to decide' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json<NoteOut>(edited).body).toBe('Asking @Olivia Owner to decide');
    await call('PATCH', `/api/application-notes/${note.id}/`, w.recruiter.token, { body: 'Asking @Olivia Owner to decide today' });
    const after = await t.db.select().from(notifications).where(eq(notifications.userId, w.owner.user.id));
    expect(after.length - before).toBe(1);

    expect((await call('PATCH', `/api/application-notes/${note.id}/`, w.owner.token, { body: 'Not mine' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/application-notes/${note.id}/`, w.owner.token)).statusCode).toBe(403);
    expect((await call('PATCH', `/api/application-notes/${note.id}/`, w.seeker.token, { body: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/application-notes/${note.id}/`, w.other.token)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/application-notes/${note.id}/`, w.recruiter.token, { body: '' })).statusCode).toBe(400);
    expect((await call('DELETE', `/api/application-notes/${note.id}/`, w.recruiter.token)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/application-notes/${note.id}/`, w.recruiter.token)).statusCode).toBe(404);
  });
});

describe('message templates', () => {
  it('lets the team keep templates with {first_name} and {job_title}; unknown placeholders are refused with fields', async () => {
    const url = `/api/companies/${w.company.id}/message-templates/`;
    const created = await call('POST', url, w.recruiter.token, {
      name: 'Polite no',
      body: 'Dear {first_name}, thank you for {job_title}.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const template = json<TemplateOut>(created);
    const bad = await call('POST', url, w.owner.token, { name: 'Bad', body: 'Hi {firstname}, {job_title} {salary}' });
    expect(bad.statusCode).toBe(400);
    expect(json<{ fields: Record<string, string[]> }>(bad).fields.body![0]).toContain('{firstname}, {salary}');
    expect((await call('POST', url, w.owner.token, { name: 'Polite no', body: 'Again' })).statusCode).toBe(409);
    const patched = await call('PATCH', `${url}${template.id}/`, w.owner.token, { body: 'Hello {first_name}.' });
    expect(json<TemplateOut>(patched)).toMatchObject({ name: 'Polite no', body: 'Hello {first_name}.' });
    expect((await call('PATCH', `${url}${template.id}/`, w.owner.token, { body: '{nope}' })).statusCode).toBe(400);
    expect(json<{ results: TemplateOut[] }>(await call('GET', url, w.owner.token)).results.map((r) => r.name)).toEqual(['Polite no']);

    expect((await call('GET', url, w.other.token)).statusCode).toBe(403);
    expect((await call('PATCH', `${url}${template.id}/`, w.other.token, { body: 'x' })).statusCode).toBe(403);
    expect((await call('GET', url, w.seeker.token)).statusCode).toBe(403);
    expect((await call('DELETE', `${url}${template.id}/`, w.owner.token)).statusCode).toBe(204);
    expect((await call('DELETE', `${url}${template.id}/`, w.owner.token)).statusCode).toBe(404);
  });
});

describe('the timeline', () => {
  it('shows the job seeker when they applied, when the company first looked, every move and interviews', async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker', fullName: 'Grace Hopper' });
    const resume = await storedResume(t, seeker.user);
    const application = await createApplication(t.db, {
      jobId: w.job.id,
      jobseekerId: seeker.user.id,
      resumeFileId: resume.id,
      path: ['reviewed', 'interview_scheduled'],
      employerId: w.owner.user.id,
    });
    const start = new Date(Date.now() + 3 * 86_400_000);
    await createInterview(t.db, {
      applicationId: application.id,
      interviewerId: w.recruiter.user.id,
      scheduledTime: start,
      timeZone: 'Europe/Berlin',
    });
    const url = `/api/applications/${application.id}/timeline/`;
    const unseen = json<TimelineOut>(await call('GET', url, seeker.token));
    expect(unseen.entries.map((e) => e.kind)).toEqual(['applied', 'status', 'status', 'interview']);

    // The company opens the applicant: its first look is recorded once.
    expect((await call('GET', url, w.recruiter.token)).statusCode).toBe(200);
    const [row] = await t.db.select().from(applications).where(eq(applications.id, application.id));
    expect(row!.firstViewedAt).not.toBeNull();
    await call('GET', url, w.owner.token);
    const [again] = await t.db.select().from(applications).where(eq(applications.id, application.id));
    expect(again!.firstViewedAt).toEqual(row!.firstViewedAt);

    const seen = json<TimelineOut>(await call('GET', url, seeker.token));
    expect(seen.entries.map((e) => e.text)).toContain('First viewed by Northwind Test');
    expect(seen.entries.find((e) => e.kind === 'interview')!.text).toMatch(/^Interview scheduled for .+ \(Europe\/Berlin\)$/);
    expect(seen).toMatchObject({ job_title: 'Data Engineer', company_name: 'Northwind Test', auto_close: true });

    expect((await call('GET', url, w.seeker.token)).statusCode).toBe(404);
    expect((await call('GET', url, w.other.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/applications/abc/timeline/', seeker.token)).statusCode).toBe(400);
  });
});

describe('the OpenAPI document', () => {
  it('lists every call of the pipeline', async () => {
    const doc = json<{ paths: Record<string, Record<string, unknown>> }>(await t.app.inject({ url: '/api/openapi.json' }));
    const calls = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(calls).toEqual(
      expect.arrayContaining([
        'GET /api/applications/{id}/notes/',
        'POST /api/applications/{id}/notes/',
        'PATCH /api/application-notes/{id}/',
        'DELETE /api/application-notes/{id}/',
        'GET /api/companies/{id}/message-templates/',
        'POST /api/companies/{id}/message-templates/',
        'PATCH /api/companies/{id}/message-templates/{template}/',
        'DELETE /api/companies/{id}/message-templates/{template}/',
        'POST /api/jobs/{id}/applicants/bulk/',
        'GET /api/applications/{id}/timeline/',
      ]),
    );
  });
});
