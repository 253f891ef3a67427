import fs from 'node:fs';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedFiles, type UploadedFileRow } from '../../db/schema';
import { createApplication, createProfile } from '../../db/seed/factories';
import { bearer, createTestApp, signedInUser, type TestApp } from '../../test/harness';
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
