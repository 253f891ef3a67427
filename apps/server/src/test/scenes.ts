import type { UserRow } from '../db/schema';
import { createCompany, createJob, createUploadedFile, type JobSeed } from '../seed/factories';
import { makePdf } from '../seed/documents';
import { signedInUser, type TestApp } from './harness';

/** A signed-in employer with an approved company and one public job (more with `addJob`). */
export async function employerWithJob(t: TestApp, job: JobSeed = {}) {
  const employer = await signedInUser(t, { role: 'employer' });
  const company = await createCompany(t.db, employer.user.id, { isApproved: true });
  const first = await createJob(t.db, company.id, job);
  return {
    ...employer,
    company,
    job: first,
    addJob: (seed: JobSeed = {}) => createJob(t.db, company.id, seed),
  };
}

/** A stored PDF resume of a user, as the profile or an application would hold it. */
export const storedResume = (t: TestApp, user: Pick<UserRow, 'id' | 'fullName'>) =>
  createUploadedFile(t.db, t.storage, user.id, {
    name: 'resume.pdf',
    contentType: 'application/pdf',
    data: makePdf(user.fullName, ['Experienced professional.']),
  });
