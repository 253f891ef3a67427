import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileKinds, formatFileLimit, type FileKind, type ProfileOut } from '@jobportal/shared';
import { companies, uploadedFiles, type UploadedFileRow } from '../../db/schema';
import { makePdf } from '../../seed/documents';
import { createApplication, createCompany, createProfile } from '../../seed/factories';
import { formBody, type FormPart } from '../../test/forms';
import { bearer, createTestApp, json, signedInUser, type TestApp } from '../../test/harness';
import { employerWithJob, storedResume } from '../../test/scenes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
});
afterAll(() => t?.close());

/** Which of these files are still there: the row and the bytes alike. */
async function stillThere(files: UploadedFileRow[]): Promise<number[]> {
  const rows = await t.db
    .select({ id: uploadedFiles.id })
    .from(uploadedFiles)
    .where(
      inArray(
        uploadedFiles.id,
        files.map((f) => f.id),
      ),
    );
  const kept = new Set(rows.map((r) => r.id));
  for (const file of files) expect(fs.existsSync(path.join(t.uploadsDir, file.storageKey)), file.storageKey).toBe(kept.has(file.id));
  return files.filter((f) => kept.has(f.id)).map((f) => f.id);
}

/** Two job seekers apply to the job: one with a resume sent with the application, one with the profile's. */
async function applicants(employer: Awaited<ReturnType<typeof employerWithJob>>, jobId: number) {
  const sender = await signedInUser(t, { role: 'jobseeker' });
  const sent = await storedResume(t, sender.user);
  await createApplication(t.db, { jobId, jobseekerId: sender.user.id, resumeFileId: sent.id, employerId: employer.user.id });
  const profiled = await signedInUser(t, { role: 'jobseeker' });
  const profileResume = await storedResume(t, profiled.user);
  await createProfile(t.db, profiled.user.id, { resumeFileId: profileResume.id });
  await createApplication(t.db, { jobId, jobseekerId: profiled.user.id, resumeFileId: profileResume.id, employerId: employer.user.id });
  return { sender, sent, profileResume };
}

describe('uploaded files when what used them goes', () => {
  it('deleting a job deletes the resumes sent only with its applications; a profile resume and one still used stay', async () => {
    const employer = await employerWithJob(t);
    const { sender, sent, profileResume } = await applicants(employer, employer.job.id);
    // The same sent resume also went with an application to another job.
    const other = await employer.addJob();
    const alsoSent = await storedResume(t, sender.user);
    await createApplication(t.db, {
      jobId: other.id,
      jobseekerId: sender.user.id,
      resumeFileId: alsoSent.id,
      employerId: employer.user.id,
    });
    const elsewhere = await employer.addJob();
    await createApplication(t.db, {
      jobId: elsewhere.id,
      jobseekerId: (await signedInUser(t, { role: 'jobseeker' })).user.id,
      resumeFileId: alsoSent.id,
      employerId: employer.user.id,
    });

    const res = await t.app.inject({ method: 'DELETE', url: `/api/jobs/${employer.job.id}/`, headers: bearer(employer.token) });
    expect(res.statusCode).toBe(204);
    expect(await stillThere([sent, profileResume, alsoSent])).toEqual([profileResume.id, alsoSent.id]);

    await t.app.inject({ method: 'DELETE', url: `/api/jobs/${other.id}/`, headers: bearer(employer.token) });
    expect(await stillThere([alsoSent])).toEqual([alsoSent.id]);
    await t.app.inject({ method: 'DELETE', url: `/api/jobs/${elsewhere.id}/`, headers: bearer(employer.token) });
    expect(await stillThere([alsoSent])).toEqual([]);
  });

  it('deleting a company deletes the resumes sent only with applications to its jobs', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const employer = await employerWithJob(t);
    const second = await employer.addJob();
    const first = await applicants(employer, employer.job.id);
    const more = await applicants(employer, second.id);

    const res = await t.app.inject({ method: 'DELETE', url: `/api/companies/${employer.company.id}/`, headers: bearer(admin.token) });
    expect(res.statusCode).toBe(204);
    expect(await stillThere([first.sent, more.sent, first.profileResume, more.profileResume])).toEqual([
      first.profileResume.id,
      more.profileResume.id,
    ]);
  });

  it('a refused deletion keeps every file', async () => {
    const employer = await employerWithJob(t);
    const { sent } = await applicants(employer, employer.job.id);
    const stranger = await employerWithJob(t);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/jobs/${employer.job.id}/`, headers: bearer(stranger.token) });
    expect(res.statusCode).toBe(403);
    expect(await stillThere([sent])).toEqual([sent.id]);
  });
});

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A file of exactly `size` bytes that starts like a real one of its type (the type is judged by the first bytes). */
const padded = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(size - head.length)]);
const heads: Record<FileKind, Buffer> = { resume: Buffer.from('%PDF-1.7\n'), photo: png.subarray(0, 8), logo: png.subarray(0, 8) };
const names: Record<FileKind, string> = { resume: 'cv.pdf', photo: 'me.png', logo: 'logo.png' };
const declared: Record<FileKind, string> = { resume: 'application/pdf', photo: 'image/png', logo: 'image/png' };

/** Uploads one file of a kind where the product takes it: the profile (resume, photo) or the company (logo). */
async function upload(
  kind: FileKind,
  data: Buffer,
  as: { filename: string; contentType: string } = { filename: names[kind], contentType: declared[kind] },
) {
  if (kind === 'logo') {
    const employer = await signedInUser(t, { role: 'employer' });
    const company = await createCompany(t.db, employer.user.id, { isApproved: true });
    const body = formBody([{ name: 'logo', ...as, data }]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/companies/${company.id}/logo/`,
      headers: { ...bearer(employer.token), ...body.headers },
      payload: body.payload,
    });
    // A new logo sends an approved company back to review; here the administrator has approved it again.
    await t.db.update(companies).set({ isApproved: true }).where(eq(companies.id, company.id));
    return { res, token: employer.token };
  }
  const seeker = await signedInUser(t, { role: 'jobseeker' });
  const part: FormPart = { name: kind === 'photo' ? 'profile_photo' : 'resume', ...as, data };
  const body = formBody([part]);
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/jobseek/profile/',
    headers: { ...bearer(seeker.token), ...body.headers },
    payload: body.payload,
  });
  return { res, token: seeker.token };
}

/** The headers every served file carries, whoever serves it. */
function expectSafeHeaders(res: LightMyRequestResponse, contentType: string) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe(contentType);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
}

describe('serving stored files', () => {
  it('sends a profile resume as a download under an RFC 6266/5987-safe name, never cached, sandboxed', async () => {
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const pdf = makePdf('Zoë', ['Resume.']);
    const body = formBody([{ name: 'resume', filename: "Zoë's CV (final); v2.pdf", contentType: 'application/pdf', data: pdf }]);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/jobseek/profile/',
      headers: { ...bearer(seeker.token), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const profile = json<ProfileOut>(res);
    expect(profile.resume!.name).toBe("Zoë's CV (final); v2.pdf");

    const download = await t.app.inject({ url: profile.resume!.url, headers: bearer(seeker.token) });
    expectSafeHeaders(download, 'application/pdf');
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Zo_'s CV (final); v2.pdf"; filename*=UTF-8''Zo%C3%AB%27s%20CV%20%28final%29%3B%20v2.pdf`,
    );
  });

  it("sends an application's resume to the job's employer with the same headers", async () => {
    const employer = await employerWithJob(t);
    const seeker = await signedInUser(t, { role: 'jobseeker', fullName: 'Ann Lee' });
    const resume = await storedResume(t, seeker.user);
    const application = await createApplication(t.db, {
      jobId: employer.job.id,
      jobseekerId: seeker.user.id,
      resumeFileId: resume.id,
      employerId: employer.user.id,
    });
    const res = await t.app.inject({ url: `/api/applications/${application.id}/resume/`, headers: bearer(employer.token) });
    expectSafeHeaders(res, 'application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="resume.pdf"; filename*=UTF-8''resume.pdf`);
  });

  it('shows a photo inline, private and sandboxed', async () => {
    const { res, token } = await upload('photo', png);
    expect(res.statusCode, res.body).toBe(200);
    const photo = await t.app.inject({ url: json<ProfileOut>(res).profile_photo!.url, headers: bearer(token) });
    expectSafeHeaders(photo, 'image/png');
    expect(photo.headers['content-disposition']).toBe('inline');
    expect(photo.headers['cache-control']).toBe('private, no-store');
    expect(photo.rawPayload.equals(png)).toBe(true);
  });

  it("shows an approved company's logo inline and cacheable, an unapproved one private; both sandboxed", async () => {
    const { res } = await upload('logo', png);
    expect(res.statusCode, res.body).toBe(200);
    const logo = await t.app.inject({ url: json<{ logo: string }>(res).logo });
    expectSafeHeaders(logo, 'image/png');
    expect(logo.headers['content-disposition']).toBe('inline');
    expect(logo.headers['cache-control']).toBe('public, max-age=3600');

    const employer = await signedInUser(t, { role: 'employer' });
    const pending = await createCompany(t.db, employer.user.id, { isApproved: false });
    const body = formBody([{ name: 'logo', filename: 'logo.png', contentType: 'image/png', data: png }]);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/companies/${pending.id}/logo/`,
      headers: { ...bearer(employer.token), ...body.headers },
      payload: body.payload,
    });
    expect(put.statusCode).toBe(200);
    const own = await t.app.inject({ url: `/api/companies/${pending.id}/logo/`, headers: bearer(employer.token) });
    expectSafeHeaders(own, 'image/png');
    expect(own.headers['cache-control']).toBe('private, no-store');
  });
});

describe('the limits and types of fileKinds', () => {
  for (const kind of ['resume', 'photo', 'logo'] as const) {
    const { maxBytes, typesLabel } = fileKinds[kind];

    it(`takes a ${kind} of exactly ${formatFileLimit(maxBytes)}, refuses one byte more with 413 naming the limit`, async () => {
      const atLimit = await upload(kind, padded(heads[kind], maxBytes));
      expect(atLimit.res.statusCode, atLimit.res.body).toBe(200);
      const over = await upload(kind, padded(heads[kind], maxBytes + 1));
      expect(over.res.statusCode).toBe(413);
      expect(json(over.res)).toMatchObject({ code: 'payload_too_large' });
      expect(json<{ detail: string }>(over.res).detail).toContain(formatFileLimit(maxBytes));
    });

    it(`refuses a ${kind} whose bytes are not ${typesLabel}, whatever its name and declared type, with 415`, async () => {
      const other = kind === 'resume' ? png : makePdf('Not an image', []);
      const res = (await upload(kind, other)).res;
      expect(res.statusCode).toBe(415);
      expect(json(res)).toMatchObject({ code: 'unsupported_media_type' });
      expect(json<{ detail: string }>(res).detail).toContain(typesLabel);
      expect(json<{ detail: string }>(res).detail).toContain(formatFileLimit(maxBytes));
    });
  }

  it('judges an application resume by the same rules', async () => {
    const employer = await employerWithJob(t);
    const seeker = await signedInUser(t, { role: 'jobseeker' });
    const apply = (data: Buffer) => {
      const body = formBody([
        { name: 'job', value: String(employer.job.id) },
        { name: 'resume', filename: 'cv.pdf', contentType: 'application/pdf', data },
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/applications/',
        headers: { ...bearer(seeker.token), ...body.headers },
        payload: body.payload,
      });
    };
    expect((await apply(padded(heads.resume, fileKinds.resume.maxBytes + 1))).statusCode).toBe(413);
    expect((await apply(png)).statusCode).toBe(415);
    const atLimit = await apply(padded(heads.resume, fileKinds.resume.maxBytes));
    expect(atLimit.statusCode, atLimit.body).toBe(201);
    // Stored where application resumes have always been.
    const stored = fs.readdirSync(path.join(t.uploadsDir, 'application-resumes'));
    expect(stored.some((f) => f.startsWith(`user-${seeker.user.id}-`) && f.endsWith('.pdf'))).toBe(true);
  });
});
