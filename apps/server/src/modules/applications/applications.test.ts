import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import {
  applicationStatuses,
  canMoveApplication,
  type ApplicantOut,
  type ApplicationOut,
  type ApplicationStatus,
  type ProfileOut,
} from '@jobportal/shared';
import { queryRows } from '../../db/client';
import { applicationStatusHistory } from '../../db/schema';
import { makeDocx, makePdf, makeZip } from '../../seed/documents';
import { createApplication, createCompany, createInterview, createJob, createProfile, createUploadedFile } from '../../seed/factories';
import { formBody, textParts, type FormPart } from '../../test/forms';
import { bearer, createTestApp, json, signedInUser, type TestApp } from '../../test/harness';
import { employerWithJob, storedResume } from '../../test/scenes';

let t: TestApp;
beforeAll(async () => {
  // Many people sign in from one address here.
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
});
afterAll(() => t?.close());

type Page<T> = { results: T[]; count: number; next: string | null; previous: string | null };
type ApplicantPage = Page<ApplicantOut> & { status_counts: Record<ApplicationStatus, number> };

const pdf = makePdf('Jordan Lee', ['Data engineer.']);
const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(300)]);
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const resumePart = (data = pdf, filename = 'cv.pdf', contentType = 'application/pdf'): FormPart => ({
  name: 'resume',
  filename,
  contentType,
  data,
});

function apply(token: string, fields: Record<string, unknown>, ...files: FormPart[]) {
  const body = formBody([...textParts(fields), ...files]);
  return t.app.inject({ method: 'POST', url: '/api/applications/', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
}
const setStatus = (token: string, id: number, status: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/api/jobs/${id}/applications/status/`, headers: bearer(token), payload: { status } });
const withdraw = (token: string, id: number) =>
  t.app.inject({ method: 'POST', url: `/api/applications/${id}/withdraw/`, headers: bearer(token) });
const notificationsOf = async (token: string) =>
  json<Page<{ type: string; message: string; link: string | null; is_read: boolean }> & { unread_count: number }>(
    await t.app.inject({ url: '/api/notifications/', headers: bearer(token) }),
  );
const storedCount = () => fs.readdirSync(t.uploadsDir, { recursive: true }).filter((f) => /\.(pdf|docx)$/.test(String(f))).length;

/** The path to each status from applied, as an employer (and, for withdrawn, the job seeker) would walk it. */
const pathTo: Record<ApplicationStatus, ApplicationStatus[]> = {
  applied: [],
  reviewed: ['reviewed'],
  interview_scheduled: ['reviewed', 'interview_scheduled'],
  interviewed: ['reviewed', 'interview_scheduled', 'interviewed'],
  offered: ['reviewed', 'interview_scheduled', 'interviewed', 'offered'],
  hired: ['reviewed', 'interview_scheduled', 'interviewed', 'offered', 'hired'],
  rejected: ['reviewed', 'rejected'],
  withdrawn: ['withdrawn'],
};

describe('POST /api/applications/', () => {
  it('applies with a resume file: 201, history starts at applied, and the employer is notified', async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker', fullName: 'Jordan Lee' });
    const employer = await employerWithJob(t, { title: 'Data Engineer' });
    const res = await apply(
      seeker.token,
      { job: String(employer.job.id), cover_letter: 'I would love to help.' },
      resumePart(pdf, 'Jordan CV.pdf'),
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = json<ApplicationOut>(res);
    expect(body).toMatchObject({
      job: { id: employer.job.id, title: 'Data Engineer', company: { id: employer.company.id } },
      status: 'applied',
      cover_letter: 'I would love to help.',
      resume: { name: 'Jordan CV.pdf', content_type: 'application/pdf', size: pdf.length, url: `/api/applications/${body.id}/resume/` },
      history: [{ status: 'applied', changed_by: 'jobseeker' }],
    });
    const notes = await notificationsOf(employer.token);
    expect(notes.unread_count).toBe(1);
    expect(notes.results[0]).toMatchObject({
      type: 'application_received',
      message: 'Jordan Lee applied to Data Engineer.',
      link: `/EmployerJobapplicants/${employer.job.id}`,
    });
    const status = await t.app.inject({ url: `/api/jobs/${employer.job.id}/check-application-status/`, headers: bearer(seeker.token) });
    expect(json(status)).toEqual({ hasApplied: true, application_id: body.id, status: 'applied' });

    // The notice is written with the application (one statement: both rows carry its now()), and a
    // refused second application tells nobody.
    const writtenAt = (table: 'applications' | 'notifications', column: 'applied_at' | 'updated_at' | 'created_at', where: SQL) =>
      queryRows<{ at: string }>(
        t.db,
        sql`select ${sql.identifier(column)}::text as at from ${sql.identifier(table)} where ${where} order by id`,
      );
    const [applied] = await writtenAt('applications', 'applied_at', sql`id = ${body.id}`);
    expect(await writtenAt('notifications', 'created_at', sql`user_id = ${employer.user.id}`)).toEqual([applied]);
    const again = await apply(seeker.token, { job: String(employer.job.id), cover_letter: 'Again.' }, resumePart());
    expect(again.statusCode).toBe(409);
    expect((await notificationsOf(employer.token)).count).toBe(1);
    // A move tells the job seeker in the move's transaction.
    expect((await setStatus(employer.token, body.id, 'reviewed')).statusCode).toBe(200);
    const [moved] = await writtenAt('applications', 'updated_at', sql`id = ${body.id}`);
    expect(await writtenAt('notifications', 'created_at', sql`user_id = ${seeker.user.id}`)).toEqual([moved]);
  });

  it("uses the profile's resume when asked (multipart or JSON), and refuses with 400 when there is none or nothing is sent", async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const { job, addJob } = await employerWithJob(t);
    const noProfileResume = await apply(seeker.token, { job: job.id, use_profile_resume: 'true' });
    expect(noProfileResume.statusCode).toBe(400);
    expect(json<{ fields: Record<string, string[]> }>(noProfileResume).fields.resume).toBeDefined();
    const nothing = await apply(seeker.token, { job: job.id, use_profile_resume: 'false' });
    expect(nothing.statusCode).toBe(400);
    expect(json<{ fields: Record<string, string[]> }>(nothing).fields.resume).toEqual([
      'Attach your resume, or use the one on your profile.',
    ]);

    const profileForm = formBody([resumePart(makeDocx(['Profile resume']), 'profile.docx')]);
    const profile = json<ProfileOut>(
      await t.app.inject({
        method: 'PUT',
        url: '/api/jobseek/profile/',
        headers: { ...bearer(seeker.token), ...profileForm.headers },
        payload: profileForm.payload,
      }),
    );
    const both = await apply(seeker.token, { job: job.id, use_profile_resume: 'true' }, resumePart());
    expect(both.statusCode).toBe(400);

    const res = await apply(seeker.token, { job: job.id, use_profile_resume: 'on' });
    expect(res.statusCode, res.body).toBe(201);
    expect(json<ApplicationOut>(res).resume).toMatchObject({ name: 'profile.docx', size: profile.resume!.size });

    const second = await addJob();
    const viaJson = await t.app.inject({
      method: 'POST',
      url: '/api/applications/',
      headers: bearer(seeker.token),
      payload: { job: second.id, use_profile_resume: true, cover_letter: 'Hi' },
    });
    expect(viaJson.statusCode, viaJson.body).toBe(201);
  });

  it('allows one application per job (409), also when two arrive at once, and keeps no file of a refused one', async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const { job, addJob } = await employerWithJob(t);
    expect((await apply(seeker.token, { job: job.id }, resumePart())).statusCode).toBe(201);
    const files = storedCount();
    const again = await apply(seeker.token, { job: job.id }, resumePart());
    expect(again.statusCode).toBe(409);
    expect(storedCount()).toBe(files);

    const other = await addJob();
    const results = await Promise.all([1, 2, 3].map(() => apply(seeker.token, { job: other.id }, resumePart())));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(storedCount()).toBe(files + 1);
  });

  it('applies only to public jobs (404 for closed, past-deadline, unapproved-company and missing jobs)', async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const { addJob } = await employerWithJob(t);
    const closed = await addJob({ status: 'closed' });
    const expired = await addJob({ applicationDeadline: '2020-01-01' });
    const pendingOwner = await signedInUser(t, { role: 'employer' });
    const pending = await createJob(t.db, (await createCompany(t.db, pendingOwner.user.id, { isApproved: false })).id);
    for (const id of [closed.id, expired.id, pending.id, 999_999]) {
      expect((await apply(seeker.token, { job: id }, resumePart())).statusCode, String(id)).toBe(404);
    }
  });

  it('refuses forged, oversized and missing files, and bad fields', async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const { job } = await employerWithJob(t);
    const cases: Array<[Record<string, unknown>, FormPart[], number]> = [
      [{ job: job.id }, [resumePart(elf, 'cv.pdf')], 415],
      [{ job: job.id }, [resumePart(png, 'cv.pdf', 'application/pdf')], 415],
      [{ job: job.id }, [resumePart(makeZip([{ name: 'notes.txt', data: 'hello' }]), 'cv.docx')], 415],
      [{ job: job.id }, [resumePart(Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)]))], 413],
      [{ job: job.id }, [resumePart(), resumePart()], 400],
      [{ job: job.id }, [{ ...resumePart(), name: 'cv' }], 400],
      [{ job: 'abc' }, [resumePart()], 400],
      [{}, [resumePart()], 400],
      [{ job: '99999999999' }, [resumePart()], 400],
      [{ job: job.id, cover_letter: 'x'.repeat(5001) }, [resumePart()], 400],
      [{ job: job.id, cover_letter: 'x'.repeat(40 * 1024) }, [resumePart()], 413],
      [{ job: job.id, use_profile_resume: 'maybe' }, [resumePart()], 400],
      [{ job: job.id, cover_letter: 'a\u0000b' }, [resumePart()], 400],
    ];
    for (const [fields, files, status] of cases) {
      const res = await apply(seeker.token, fields, ...files);
      expect(res.statusCode, `${JSON.stringify(fields).slice(0, 60)} ${files.length} → ${res.body}`).toBe(status);
    }
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/applications/',
      headers: { ...bearer(seeker.token), 'content-type': 'multipart/form-data; boundary=zz' },
      payload: 'no parts at all',
    });
    expect(garbage.statusCode).toBe(400);
    const status = await t.app.inject({ url: `/api/jobs/${job.id}/check-application-status/`, headers: bearer(seeker.token) });
    expect(json(status)).toEqual({ hasApplied: false, application_id: null, status: null });
  });

  it('is for job seekers only (401 anonymous, 403 employers and admins)', async () => {
    const { job, token } = await employerWithJob(t);
    const admin = await signedInUser(t, { role: 'admin' });
    expect((await t.app.inject({ method: 'POST', url: '/api/applications/', payload: { job: job.id } })).statusCode).toBe(401);
    expect((await apply(token, { job: job.id }, resumePart())).statusCode).toBe(403);
    expect((await apply(admin.token, { job: job.id }, resumePart())).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/jobs/${job.id}/check-application-status/`, headers: bearer(token) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/myapplications/', headers: bearer(token) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/myapplications/' })).statusCode).toBe(401);
  });
});

describe('GET /api/myapplications/', () => {
  it('lists only the own applications, newest first, with status filter, search and paging', async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const other = await signedInUser(t, { role: 'jobseeker' });
    const employer = await employerWithJob(t, { title: 'Backend Developer' });
    const frontend = await employer.addJob({ title: 'Frontend Developer' });
    const closed = await employer.addJob({ title: 'Support Agent', status: 'closed' });
    const resume = await storedResume(t, seeker.user);
    const day = 86_400_000;
    await createApplication(t.db, {
      jobId: employer.job.id,
      jobseekerId: seeker.user.id,
      resumeFileId: resume.id,
      appliedAt: new Date(Date.now() - 3 * day),
    });
    await createApplication(t.db, {
      jobId: frontend.id,
      jobseekerId: seeker.user.id,
      resumeFileId: resume.id,
      path: ['reviewed'],
      appliedAt: new Date(Date.now() - 2 * day),
    });
    // Closed since: still the job seeker's application, still listed.
    await createApplication(t.db, {
      jobId: closed.id,
      jobseekerId: seeker.user.id,
      resumeFileId: resume.id,
      path: ['rejected'],
      appliedAt: new Date(Date.now() - day),
    });
    await createApplication(t.db, { jobId: frontend.id, jobseekerId: other.user.id, resumeFileId: (await storedResume(t, other.user)).id });

    const all = json<Page<ApplicationOut>>(await t.app.inject({ url: '/api/myapplications/', headers: bearer(seeker.token) }));
    expect(all.count).toBe(3);
    expect(all.results.map((a) => a.job.title)).toEqual(['Support Agent', 'Frontend Developer', 'Backend Developer']);
    expect(all.results[1]!.history.map((h) => h.status)).toEqual(['applied', 'reviewed']);

    const reviewed = json<Page<ApplicationOut>>(
      await t.app.inject({ url: '/api/myapplications/?status=reviewed', headers: bearer(seeker.token) }),
    );
    expect(reviewed.results.map((a) => a.job.title)).toEqual(['Frontend Developer']);
    const search = json<Page<ApplicationOut>>(
      await t.app.inject({ url: '/api/myapplications/?search=developer%20back', headers: bearer(seeker.token) }),
    );
    expect(search.results.map((a) => a.job.title)).toEqual(['Backend Developer']);
    const byCompany = json<Page<ApplicationOut>>(
      await t.app.inject({
        url: `/api/myapplications/?search=${encodeURIComponent(employer.company.name)}`,
        headers: bearer(seeker.token),
      }),
    );
    expect(byCompany.count).toBe(3);
    const paged = json<Page<ApplicationOut>>(
      await t.app.inject({ url: '/api/myapplications/?page=2&page_size=2', headers: bearer(seeker.token) }),
    );
    expect(paged.results).toHaveLength(1);
    expect(paged.next).toBeNull();
    expect(paged.previous).toContain('page=1');

    for (const query of ['status=pending', 'page=0', 'page_size=1000', 'search=' + 'x'.repeat(201), 'page=abc']) {
      expect((await t.app.inject({ url: `/api/myapplications/?${query}`, headers: bearer(seeker.token) })).statusCode, query).toBe(400);
    }
  });
});

describe('POST /api/applications/{id}/withdraw/', () => {
  it('withdraws an open application, records it, tells the employer; final ones answer 409', async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker', fullName: 'Kim Doe' });
    const employer = await employerWithJob(t, { title: 'QA Engineer' });
    const resume = await storedResume(t, seeker.user);
    const open = await createApplication(t.db, {
      jobId: employer.job.id,
      jobseekerId: seeker.user.id,
      resumeFileId: resume.id,
      path: ['reviewed', 'interview_scheduled'],
    });
    const res = await withdraw(seeker.token, open.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = json<ApplicationOut>(res);
    expect(body.status).toBe('withdrawn');
    expect(body.history.map((h) => [h.status, h.changed_by])).toEqual([
      ['applied', 'jobseeker'],
      ['reviewed', 'employer'],
      ['interview_scheduled', 'employer'],
      ['withdrawn', 'jobseeker'],
    ]);
    const [last] = await t.db
      .select()
      .from(applicationStatusHistory)
      .where(eq(applicationStatusHistory.applicationId, open.id))
      .orderBy(applicationStatusHistory.id)
      .limit(1)
      .offset(3);
    expect(last).toMatchObject({ status: 'withdrawn', changedBy: 'jobseeker', changedByUserId: seeker.user.id });
    expect((await notificationsOf(employer.token)).results[0]).toMatchObject({
      type: 'application_withdrawn',
      message: 'Kim Doe withdrew their application to QA Engineer.',
    });

    expect((await withdraw(seeker.token, open.id)).statusCode).toBe(409);
    for (const status of ['hired', 'rejected'] as const) {
      const job = await employer.addJob();
      const done = await createApplication(t.db, {
        jobId: job.id,
        jobseekerId: seeker.user.id,
        resumeFileId: resume.id,
        path: pathTo[status],
      });
      expect((await withdraw(seeker.token, done.id)).statusCode, status).toBe(409);
    }
  });

  it("is 404 for someone else's application, 403 for employers", async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const other = await signedInUser(t, { role: 'jobseeker' });
    const employer = await employerWithJob(t);
    const application = await createApplication(t.db, {
      jobId: employer.job.id,
      jobseekerId: seeker.user.id,
      resumeFileId: (await storedResume(t, seeker.user)).id,
    });
    expect((await withdraw(other.token, application.id)).statusCode).toBe(404);
    expect((await withdraw(other.token, 999_999)).statusCode).toBe(404);
    expect((await withdraw(employer.token, application.id)).statusCode).toBe(403);
    expect((await withdraw(seeker.token, 0)).statusCode).toBe(400);
  });
});

describe('GET /api/jobs/{id}/applicants/', () => {
  it("lists the employer's own job's applicants with counts, allowed moves, filters, search and paging", async () => {
    const employer = await employerWithJob(t);
    const names = ['Alice Brown', 'Bob Stone', 'Carla Brown', 'Dan White'];
    const paths: ApplicationStatus[][] = [[], ['reviewed'], ['rejected'], ['reviewed', 'interview_scheduled']];
    const ids: number[] = [];
    for (const [i, fullName] of names.entries()) {
      const seeker = await signedInUser(t, { role: 'jobseeker', fullName });
      if (i === 0) await createProfile(t.db, seeker.user.id, { currentJobTitle: 'Analyst' });
      const application = await createApplication(t.db, {
        jobId: employer.job.id,
        jobseekerId: seeker.user.id,
        resumeFileId: (await storedResume(t, seeker.user)).id,
        path: paths[i],
        appliedAt: new Date(Date.now() - (10 - i) * 3_600_000),
        employerId: employer.user.id,
      });
      ids.push(application.id);
    }
    const url = `/api/jobs/${employer.job.id}/applicants/`;
    const res = await t.app.inject({ url, headers: bearer(employer.token) });
    expect(res.statusCode, res.body).toBe(200);
    const page = json<ApplicantPage>(res);
    expect(page.count).toBe(4);
    expect(page.results.map((a) => a.applicant.full_name)).toEqual(['Dan White', 'Carla Brown', 'Bob Stone', 'Alice Brown']);
    expect(page.status_counts).toEqual({
      applied: 1,
      reviewed: 1,
      interview_scheduled: 1,
      interviewed: 0,
      offered: 0,
      hired: 0,
      rejected: 1,
      withdrawn: 0,
    });
    const alice = page.results[3]!;
    expect(alice).toMatchObject({
      id: ids[0],
      job: employer.job.id,
      status: 'applied',
      applicant: { full_name: 'Alice Brown', current_job_title: 'Analyst', photo: null },
      resume: { url: `/api/applications/${ids[0]}/resume/`, name: 'resume.pdf' },
      // No interview has taken place: not "interviewed" yet.
      allowed_statuses: ['reviewed', 'interview_scheduled', 'offered', 'hired', 'rejected'],
    });
    expect(page.results[1]!.allowed_statuses).toEqual([]);
    expect(page.results[0]!.history.map((h) => h.status)).toEqual(['applied', 'reviewed', 'interview_scheduled']);

    const browns = json<ApplicantPage>(await t.app.inject({ url: `${url}?search=brown&sort=oldest`, headers: bearer(employer.token) }));
    expect(browns.results.map((a) => a.applicant.full_name)).toEqual(['Alice Brown', 'Carla Brown']);
    expect(browns.count).toBe(2);
    expect(browns.status_counts.rejected).toBe(1);
    const rejected = json<ApplicantPage>(await t.app.inject({ url: `${url}?status=rejected`, headers: bearer(employer.token) }));
    expect(rejected.results.map((a) => a.applicant.full_name)).toEqual(['Carla Brown']);
    const paged = json<ApplicantPage>(await t.app.inject({ url: `${url}?page=2&page_size=3`, headers: bearer(employer.token) }));
    expect(paged.results.map((a) => a.applicant.full_name)).toEqual(['Alice Brown']);
    for (const query of ['status=nope', 'sort=random', 'page=-1', 'page_size=0']) {
      expect((await t.app.inject({ url: `${url}?${query}`, headers: bearer(employer.token) })).statusCode, query).toBe(400);
    }

    // applicants_count of the jobs module is the real count now.
    const mine = json<Page<{ id: number; applicants_count: number }>>(
      await t.app.inject({ url: '/api/jobs/mine/', headers: bearer(employer.token) }),
    );
    expect(mine.results.find((j) => j.id === employer.job.id)?.applicants_count).toBe(4);
  });

  it("gives an applicant's photo only while the photo may be opened: none once the application is withdrawn", async () => {
    const employer = await employerWithJob(t, { title: 'Photo Editor' });
    const people = [];
    for (const path of [[], ['withdrawn']] as ApplicationStatus[][]) {
      const seeker = await signedInUser(t, { role: 'jobseeker' });
      const photo = await createUploadedFile(t.db, t.storage, seeker.user.id, {
        name: 'me.png',
        contentType: 'image/png',
        data: png,
        folder: 'photos',
      });
      await createProfile(t.db, seeker.user.id, { photoFileId: photo.id });
      const resumeFileId = (await storedResume(t, seeker.user)).id;
      await createApplication(t.db, { jobId: employer.job.id, jobseekerId: seeker.user.id, resumeFileId, path });
      people.push(seeker.user.id);
    }
    const page = json<ApplicantPage>(
      await t.app.inject({ url: `/api/jobs/${employer.job.id}/applicants/`, headers: bearer(employer.token) }),
    );
    const photoOf = (id: number) => page.results.find((a) => a.applicant.id === id)!.applicant.photo;
    const open = photoOf(people[0]!);
    expect(open).toMatch(/^\/api\/jobseekers\/\d+\/photo\//);
    expect((await t.app.inject({ url: open!, headers: bearer(employer.token) })).statusCode).toBe(200);
    expect(photoOf(people[1]!)).toBeNull();
    expect((await t.app.inject({ url: `/api/jobseekers/${people[1]}/photo/`, headers: bearer(employer.token) })).statusCode).toBe(404);
  });

  it('is 403 for other employers on a public job, 404 on a hidden or missing one, 403 for job seekers and admins, 401 anonymous', async () => {
    const employer = await employerWithJob(t);
    const other = await employerWithJob(t);
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const admin = await signedInUser(t, { role: 'admin' });
    const url = `/api/jobs/${employer.job.id}/applicants/`;
    expect((await t.app.inject({ url, headers: bearer(other.token) })).statusCode).toBe(403);
    const closed = await createJob(t.db, employer.company.id, { status: 'closed' });
    expect((await t.app.inject({ url: `/api/jobs/${closed.id}/applicants/`, headers: bearer(other.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/jobs/999999/applicants/', headers: bearer(employer.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ url, headers: bearer(seeker.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ url, headers: bearer(admin.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });
});

describe('PATCH /api/jobs/{id}/applications/status/', () => {
  let employer: Awaited<ReturnType<typeof employerWithJob>>;
  let seeker: Awaited<ReturnType<typeof signedInUser>>;
  let resumeId: number;

  beforeAll(async () => {
    employer = await employerWithJob(t, { title: 'Product Designer' });
    seeker = await signedInUser(t, { role: 'jobseeker' });
    resumeId = (await storedResume(t, seeker.user)).id;
  });

  const applicationIn = async (status: ApplicationStatus) => {
    const job = await employer.addJob({ title: 'Product Designer' });
    return createApplication(t.db, {
      jobId: job.id,
      jobseekerId: seeker.user.id,
      resumeFileId: resumeId,
      path: pathTo[status],
      employerId: employer.user.id,
    });
  };

  it('allows exactly the moves canMoveApplication allows: forward, or rejected from any open state; finals never move', async () => {
    for (const from of applicationStatuses) {
      for (const to of applicationStatuses) {
        const application = await applicationIn(from);
        const res = await setStatus(employer.token, application.id, to);
        const allowed = canMoveApplication(from, to, 'employer');
        expect(res.statusCode, `${from} → ${to}: ${res.body}`).toBe(allowed ? 200 : 400);
        if (allowed) expect(json<ApplicantOut>(res).status).toBe(to);
      }
    }
    // The table above, spelled out for the cases people ask about.
    expect(canMoveApplication('applied', 'interview_scheduled', 'employer')).toBe(true);
    expect(canMoveApplication('interviewed', 'reviewed', 'employer')).toBe(false);
    for (const from of ['applied', 'reviewed', 'interview_scheduled', 'interviewed', 'offered'] as const) {
      expect(canMoveApplication(from, 'rejected', 'employer')).toBe(true);
    }
  });

  it('explains a refused move in plain words', async () => {
    const interviewed = await applicationIn('interviewed');
    const back = await setStatus(employer.token, interviewed.id, 'reviewed');
    expect(json(back)).toMatchObject({ code: 'bad_request', detail: "An application can't go back from interviewed to reviewed." });
    const hired = await applicationIn('hired');
    expect(json(await setStatus(employer.token, hired.id, 'rejected')).detail).toBe(
      "This application is hired, which is final: its status can't change any more.",
    );
    const open = await applicationIn('reviewed');
    expect(json(await setStatus(employer.token, open.id, 'withdrawn')).detail).toBe('Only the job seeker can withdraw an application.');
    expect(json(await setStatus(employer.token, open.id, 'reviewed')).detail).toBe('The application is already reviewed.');
  });

  it('moves to interviewed only once an interview of the application has begun, and says why otherwise', async () => {
    const hour = 3_600_000;
    const application = await applicationIn('interview_scheduled');
    const applicant = async () =>
      json<ApplicantPage>(await t.app.inject({ url: `/api/jobs/${application.jobId}/applicants/`, headers: bearer(employer.token) }))
        .results[0]!;
    const refused = async () => {
      const res = await setStatus(employer.token, application.id, 'interviewed');
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({
        code: 'bad_request',
        detail: 'No interview with this applicant has taken place yet. Mark them interviewed once their interview has begun.',
      });
      expect((await applicant()).allowed_statuses).not.toContain('interviewed');
    };
    // No interview at all; then only a cancelled one, an offer of times, and one three days ahead.
    await refused();
    const interview = (at: Date | undefined, status?: 'cancelled') =>
      createInterview(t.db, {
        applicationId: application.id,
        interviewerId: employer.user.id,
        ...(at ? { scheduledTime: at } : { offeredTimes: [new Date(Date.now() + 48 * hour)] }),
        ...(status ? { status } : {}),
      });
    await interview(new Date(Date.now() - 30 * 24 * hour), 'cancelled');
    await interview(undefined);
    await interview(new Date(Date.now() + 72 * hour));
    await refused();
    // One that began an hour ago.
    await interview(new Date(Date.now() - hour));
    expect((await applicant()).allowed_statuses).toContain('interviewed');
    const res = await setStatus(employer.token, application.id, 'interviewed');
    expect(res.statusCode, res.body).toBe(200);
    expect(json<ApplicantOut>(res).status).toBe('interviewed');
    // Later steps never needed it: an offer may follow a review straight away.
    const reviewed = await applicationIn('reviewed');
    expect((await setStatus(employer.token, reviewed.id, 'offered')).statusCode).toBe(200);
  });

  it('records every change with who made it, and notifies the job seeker', async () => {
    const application = await applicationIn('applied');
    const res = await setStatus(employer.token, application.id, 'interview_scheduled');
    expect(res.statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(applicationStatusHistory)
      .where(eq(applicationStatusHistory.applicationId, application.id))
      .orderBy(applicationStatusHistory.id);
    expect(rows.map((r) => [r.status, r.changedBy, r.changedByUserId])).toEqual([
      ['applied', 'jobseeker', seeker.user.id],
      ['interview_scheduled', 'employer', employer.user.id],
    ]);
    const notes = await notificationsOf(seeker.token);
    expect(notes.results[0]).toMatchObject({
      type: 'application_status_changed',
      message: `Your application to Product Designer at ${employer.company.name} is now: Interview scheduled.`,
      link: '/jobseekerapplications',
      is_read: false,
    });
    const mine = json<ApplicationOut>(await withdraw(seeker.token, application.id));
    expect(mine.history.map((h) => h.status)).toEqual(['applied', 'interview_scheduled', 'withdrawn']);
  });

  it('refuses bad input with 400, other employers with 404, job seekers with 403', async () => {
    const application = await applicationIn('applied');
    const other = await employerWithJob(t);
    for (const status of ['pending', '', 42, null, ['reviewed']]) {
      expect((await setStatus(employer.token, application.id, status)).statusCode, String(status)).toBe(400);
    }
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/jobs/${application.id}/applications/status/`,
          headers: bearer(employer.token),
          payload: {},
        })
      ).statusCode,
    ).toBe(400);
    expect((await setStatus(other.token, application.id, 'reviewed')).statusCode).toBe(404);
    expect((await setStatus(employer.token, 999_999, 'reviewed')).statusCode).toBe(404);
    expect((await setStatus(seeker.token, application.id, 'reviewed')).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/jobs/${application.id}/applications/status/`, payload: { status: 'reviewed' } }))
        .statusCode,
    ).toBe(401);
    expect((await setStatus(employer.token, application.id, 'reviewed')).statusCode).toBe(200);
  });
});

describe('GET /api/applications/{id}/resume/', () => {
  it("serves an application's resume to the applicant and the job's employer only", async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const employer = await employerWithJob(t);
    const res = await apply(seeker.token, { job: employer.job.id }, resumePart(pdf, 'My résumé.pdf'));
    const { id } = json<ApplicationOut>(res);
    for (const token of [seeker.token, employer.token]) {
      const download = await t.app.inject({ url: `/api/applications/${id}/resume/`, headers: bearer(token) });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(pdf)).toBe(true);
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="My r_sum_.pdf"; filename*=UTF-8''My%20r%C3%A9sum%C3%A9.pdf`,
      );
      expect(download.headers['x-content-type-options']).toBe('nosniff');
    }
    const other = await employerWithJob(t);
    const otherSeeker = await signedInUser(t, { role: 'jobseeker' });
    const admin = await signedInUser(t, { role: 'admin' });
    for (const headers of [bearer(other.token), bearer(otherSeeker.token), bearer(admin.token), {}]) {
      expect((await t.app.inject({ url: `/api/applications/${id}/resume/`, headers })).statusCode).toBe(404);
    }
    // The applicant's profile (and its files) is now visible to that employer.
    expect((await t.app.inject({ url: `/api/jobseekers/${seeker.user.id}/`, headers: bearer(employer.token) })).statusCode).toBe(200);
  });
});
