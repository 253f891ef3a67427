/**
 * Text that is not text (a lone UTF-16 surrogate, NUL) is refused in every field with a 400, names
 * and titles are one line, and every date has a sensible range: none of them reaches the database as a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplication, createCategory, createSkill, createUser } from '../../seed/factories';
import { bearer, createTestApp, json, signedInUser, type TestApp } from '../../test/harness';
import { employerWithJob, storedResume } from '../../test/scenes';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
  admin = (await signedInUser(t, { role: 'admin' })).token;
});
afterAll(() => t?.close());

const surrogate = 'Ann\ud800a';

describe('lone surrogates', () => {
  it('are refused with a 400 naming the field in the admin writes that gave 500 (the audit row refused them)', async () => {
    const category = await createCategory(t.db);
    const skill = await createSkill(t.db);
    const seeker = await createUser(t.db, { role: 'jobseeker' });
    const writes: { method: 'POST' | 'PUT'; url: string; payload: Record<string, unknown>; field: string }[] = [
      { method: 'POST', url: '/api/job-categories/', payload: { name: surrogate }, field: 'name' },
      { method: 'PUT', url: `/api/job-categories/${category.id}/`, payload: { name: surrogate }, field: 'name' },
      { method: 'POST', url: '/api/job-skills/', payload: { name: surrogate }, field: 'name' },
      { method: 'PUT', url: `/api/job-skills/${skill.id}/`, payload: { name: surrogate }, field: 'name' },
      { method: 'PUT', url: `/api/users/${seeker.id}/`, payload: { email: seeker.email, full_name: surrogate }, field: 'full_name' },
      { method: 'POST', url: '/api/jobseekers/', payload: { email: 'lone@example.com', full_name: surrogate }, field: 'full_name' },
      { method: 'POST', url: `/api/jobseekers/${seeker.id}/toggle_active/`, payload: { reason: `Spam \udc00` }, field: 'reason' },
    ];
    for (const write of writes) {
      const res = await t.app.inject({ ...write, headers: bearer(admin) });
      expect(res.statusCode, `${write.method} ${write.url}: ${res.body}`).toBe(400);
      expect(json<{ fields: Record<string, string[]> }>(res).fields[write.field]).toEqual([
        'This text contains a character that is not allowed.',
      ]);
    }
    // A whole surrogate pair (an emoji) is text, and is kept as sent.
    const res = await t.app.inject({ method: 'POST', url: '/api/job-skills/', headers: bearer(admin), payload: { name: 'Rust 🦀' } });
    expect(res.statusCode).toBe(201);
    expect(json(res).name).toBe('Rust 🦀');
  });
});

describe('names and titles', () => {
  it('are one line: a line break or control character in a name is a 400', async () => {
    for (const name of ['Ann\r\nBcc: x@example.com', 'Ann\u0007', 'Ann\u2028Bob']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/signup/',
        payload: { email: 'line@example.com', password: 'a-long-enough-pass', full_name: name, role: 'jobseeker' },
      });
      expect(res.statusCode, name).toBe(400);
      expect(json<{ fields: Record<string, string[]> }>(res).fields.full_name).toEqual([
        'Use one line of text, without line breaks or control characters.',
      ]);
    }
    const owner = await employerWithJob(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${owner.company.id}/`,
      headers: bearer(owner.token),
      payload: { name: 'Acme\nInc' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('dates', () => {
  it('refuses an interview in year 2999 or past 9999 with a 400, and takes one next week', async () => {
    const owner = await employerWithJob(t);
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const resume = await storedResume(t, seeker.user);
    const application = await createApplication(t.db, { jobId: owner.job.id, jobseekerId: seeker.user.id, resumeFileId: resume.id });
    const schedule = (scheduled_time: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/schedule-interview/',
        headers: bearer(owner.token),
        payload: {
          application: application.id,
          scheduled_time,
          duration_minutes: 60,
          time_zone: 'Europe/Berlin',
          mode: 'video',
          meeting_link: 'https://meet.example.com/a',
        },
      });
    for (const far of ['9999-12-31T23:30:00Z', '2999-06-01T10:00:00Z']) {
      const res = await schedule(far);
      expect(res.statusCode, `${far}: ${res.body}`).toBe(400);
      expect(Object.keys(json<{ fields: Record<string, string[]> }>(res).fields)).toEqual(['scheduled_time']);
    }
    const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
    expect((await schedule(nextWeek)).statusCode).toBe(201);
  });

  it('keeps every calendar day in a sensible range', async () => {
    const owner = await employerWithJob(t);
    const patch = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: `/api/companies/${owner.company.id}/`, headers: bearer(owner.token), payload });
    expect((await patch({ founded_date: '0001-01-01' })).statusCode).toBe(400);
    expect((await patch({ founded_date: '2999-01-01' })).statusCode).toBe(400);
    const job = (application_deadline: string) =>
      t.app.inject({ method: 'PATCH', url: `/api/jobs/${owner.job.id}/`, headers: bearer(owner.token), payload: { application_deadline } });
    expect((await job('2999-12-31')).statusCode).toBe(400);
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const audit = await t.app.inject({ url: '/api/admin/audit/?until=9999-12-31', headers: bearer(admin) });
    expect(audit.statusCode).toBe(400);
    const born = await t.app.inject({
      method: 'PUT',
      url: '/api/jobseek/profile/',
      headers: bearer(seeker.token),
      payload: { date_of_birth: '1850-01-01' },
    });
    expect(born.statusCode).toBe(400);
    expect((await patch({ founded_date: '1998-09-04' })).statusCode).toBe(200);
  });
});
