import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AccountOut, ApplicantList } from '@jobportal/shared';
import { users } from '../../db/schema';
import { createApplication } from '../../seed/factories';
import { bearer, createTestApp, json, signedInUser, type TestApp } from '../../test/harness';
import { employerWithJob, storedResume } from '../../test/scenes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
});
afterAll(() => t?.close());

const patch = (token: string | null, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: '/api/account/', headers: token ? bearer(token) : {}, payload: payload as object });
const zoneOf = async (id: number) => (await t.db.select({ z: users.timeZone }).from(users).where(eq(users.id, id)))[0]!.z;

describe('PATCH /api/account/ (the time zone)', () => {
  it("stores the caller's zone, for every role, and forgets it with null", async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker', fullName: 'Zed Zone' });
    expect(await zoneOf(seeker.user.id)).toBeNull();
    const res = await patch(seeker.token, { time_zone: 'Europe/Warsaw' });
    expect(res.statusCode).toBe(200);
    expect(json<AccountOut>(res)).toEqual({
      id: seeker.user.id,
      email: seeker.user.email,
      full_name: 'Zed Zone',
      role: 'jobseeker',
      time_zone: 'Europe/Warsaw',
    });
    expect(await zoneOf(seeker.user.id)).toBe('Europe/Warsaw');
    // The same zone again is fine (the web sends it once a session) and changes nothing.
    expect((await patch(seeker.token, { time_zone: 'Europe/Warsaw' })).statusCode).toBe(200);
    expect((await patch(seeker.token, { time_zone: null })).statusCode).toBe(200);
    expect(await zoneOf(seeker.user.id)).toBeNull();

    for (const role of ['employer', 'admin'] as const) {
      const someone = await signedInUser(t, { role });
      expect(json<AccountOut>(await patch(someone.token, { time_zone: 'Asia/Kolkata' })).time_zone).toBe('Asia/Kolkata');
      expect(await zoneOf(someone.user.id)).toBe('Asia/Kolkata');
    }
  });

  it('refuses a zone that is not a real IANA name with 400 and fields, and changes nothing', async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker', timeZone: 'Europe/Berlin' });
    for (const time_zone of ['Mars/Olympus', '+02:00', 'GMT+2', '', 'Europe/Berlin; drop table users', 'x'.repeat(65), 42]) {
      const res = await patch(seeker.token, { time_zone });
      expect(res.statusCode, String(time_zone)).toBe(400);
      expect(res.json<{ fields: Record<string, string[]> }>().fields.time_zone).toBeDefined();
    }
    expect((await patch(seeker.token, {})).statusCode).toBe(400);
    expect((await patch(seeker.token, { time_zone: 'UTC', role: 'admin' })).statusCode).toBe(200);
    expect(await zoneOf(seeker.user.id)).toBe('UTC');
    expect((await t.db.select({ r: users.role }).from(users).where(eq(users.id, seeker.user.id)))[0]!.r).toBe('jobseeker');
  });

  it("changes only the caller's own account: another user cannot change it, and nobody signed out can", async () => {
    const a = await signedInUser(t, { role: 'jobseeker', timeZone: 'Europe/Berlin' });
    const b = await signedInUser(t, { role: 'jobseeker' });
    // There is no id to name: whatever b sends, b's own row changes and a's stays.
    expect((await patch(b.token, { time_zone: 'Asia/Tokyo', id: a.user.id })).statusCode).toBe(200);
    expect(await zoneOf(a.user.id)).toBe('Europe/Berlin');
    expect(await zoneOf(b.user.id)).toBe('Asia/Tokyo');
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/account/${a.user.id}/`, headers: bearer(b.token), payload: { time_zone: 'UTC' } }))
        .statusCode,
    ).toBe(404);
    expect((await patch(null, { time_zone: 'UTC' })).statusCode).toBe(401);
    expect(await zoneOf(a.user.id)).toBe('Europe/Berlin');
  });

  it("shows the job seeker's zone to the employer in the applicants list (null until known)", async () => {
    const employer = await employerWithJob(t);
    const known = await signedInUser(t, { role: 'jobseeker' });
    const unknown = await signedInUser(t, { role: 'jobseeker' });
    for (const seeker of [known, unknown]) {
      const resume = await storedResume(t, seeker.user);
      await createApplication(t.db, { jobId: employer.job.id, jobseekerId: seeker.user.id, resumeFileId: resume.id });
    }
    expect((await patch(known.token, { time_zone: 'America/Sao_Paulo' })).statusCode).toBe(200);
    const list = json<ApplicantList>(
      await t.app.inject({ url: `/api/jobs/${employer.job.id}/applicants/`, headers: bearer(employer.token) }),
    );
    const zones = Object.fromEntries(list.results.map((r) => [r.applicant.id, r.applicant.time_zone]));
    expect(zones).toEqual({ [known.user.id]: 'America/Sao_Paulo', [unknown.user.id]: null });
  });
});
