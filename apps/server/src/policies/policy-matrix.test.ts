/**
 * The access policy's matrix: every endpoint of the API, called by each kind of caller against
 * real rows, answers the status its row says. A new endpoint without a row fails the coverage test;
 * a new action of the policy table without an endpoint that exercises it fails too.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companies, companyInvitations, jobAlerts, notifications } from '../db/schema';
import {
  createApplication,
  createChatMessage,
  createChatRoom,
  createCompany,
  createJob,
  createProfile,
  createRecruiter,
  createSavedJob,
  createUploadedFile,
  createUser,
  createCategory,
  createSkill,
  createFeedback,
  createInterview,
  createMessageTemplate,
  createNote,
} from '../seed/factories';
import { makePdf, makePng } from '../seed/documents';
import { bearer, createTestApp, signedInUser, type TestApp } from '../test/harness';
import { formBody, textParts } from '../test/forms';
import { storedResume } from '../test/scenes';
import { policy } from './policy';

const callers = ['owner', 'recruiter', 'otherCompany', 'applicant', 'otherSeeker', 'admin', 'anonymous'] as const;
type Caller = (typeof callers)[number];
type Expect = Record<Caller, number>;

/** One status for every caller (public endpoints, or bad input that nobody gets past). */
const everyone = (status: number): Expect => Object.fromEntries(callers.map((c) => [c, status])) as Expect;
/** Signed-in callers of the listed roles get `ok`, the other signed-in ones 403, anonymous 401. */
const byRole = (ok: number, roles: { employer?: boolean; jobseeker?: boolean; admin?: boolean }): Expect => ({
  owner: roles.employer ? ok : 403,
  recruiter: roles.employer ? ok : 403,
  otherCompany: roles.employer ? ok : 403,
  applicant: roles.jobseeker ? ok : 403,
  otherSeeker: roles.jobseeker ? ok : 403,
  admin: roles.admin ? ok : 403,
  anonymous: 401,
});

let t: TestApp;
const tokens = {} as Record<Exclude<Caller, 'anonymous'>, string>;
let w: Awaited<ReturnType<typeof makeWorld>>;
let sequence = 0;

async function makeWorld() {
  const owner = await signedInUser(t, { role: 'employer', fullName: 'Owner A' });
  const company = await createCompany(t.db, owner.user.id, { isApproved: true, name: 'Company A' });
  const recruiterUser = await createRecruiter(t.db, company.id, { password: 'correct-horse-battery' });
  const other = await signedInUser(t, { role: 'employer', fullName: 'Owner B' });
  await createCompany(t.db, other.user.id, { isApproved: true, name: 'Company B' });
  // Job seekers apply here in the matrix, so applying does not change what companies A and B may see.
  const elsewhere = await createCompany(t.db, (await createUser(t.db, { role: 'employer' })).id, { isApproved: true, name: 'Company C' });
  const pendingOwner = await createUser(t.db, { role: 'employer' });
  const pendingCompany = await createCompany(t.db, pendingOwner.id, { isApproved: false, name: 'Company P' });
  const applicant = await signedInUser(t, { role: 'jobseeker', fullName: 'Ada Applicant' });
  const otherSeeker = await signedInUser(t, { role: 'jobseeker', fullName: 'Sam Seeker' });
  const admin = await signedInUser(t, { role: 'admin' });
  const job = await createJob(t.db, company.id, { title: 'Public job' });
  const closedJob = await createJob(t.db, company.id, { title: 'Closed job', status: 'closed' });
  const resume = await storedResume(t, applicant.user);
  const photo = await createUploadedFile(t.db, t.storage, applicant.user.id, {
    name: 'me.png',
    contentType: 'image/png',
    data: makePng(4, 4, [10, 120, 200]),
    folder: 'photos',
  });
  await createProfile(t.db, applicant.user.id, { resumeFileId: resume.id, photoFileId: photo.id });
  const application = await createApplication(t.db, { jobId: job.id, jobseekerId: applicant.user.id, resumeFileId: resume.id });
  const [notification] = await t.db.insert(notifications).values({ userId: applicant.user.id, type: 'test', message: 'Hello' }).returning();
  const category = await createCategory(t.db);
  const room = await createChatRoom(t.db, {
    jobseekerId: applicant.user.id,
    companyId: company.id,
    employerId: owner.user.id,
    jobId: job.id,
  });
  const message = await createChatMessage(t.db, { roomId: room.id, senderId: owner.user.id, fromJobseeker: false, content: 'Hello Ada' });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/login/',
    payload: { email: recruiterUser.email, password: 'correct-horse-battery' },
  });
  Object.assign(tokens, {
    owner: owner.token,
    recruiter: login.json<{ accessToken: string }>().accessToken,
    otherCompany: other.token,
    applicant: applicant.token,
    otherSeeker: otherSeeker.token,
    admin: admin.token,
  });
  // Company A has a logo, so its logo endpoint has something to serve.
  const logo = formBody([{ name: 'logo', filename: 'logo.png', contentType: 'image/png', data: makePng(8, 8, [200, 30, 30]) }]);
  const uploaded = await t.app.inject({
    method: 'PUT',
    url: `/api/companies/${company.id}/logo/`,
    headers: { ...bearer(owner.token), ...logo.headers },
    payload: logo.payload,
  });
  if (uploaded.statusCode !== 200) throw new Error(`logo upload failed: ${uploaded.body}`);
  return {
    owner,
    company,
    elsewhere,
    recruiterUser,
    other,
    pendingCompany,
    applicant,
    otherSeeker,
    admin,
    job,
    closedJob,
    resume,
    application,
    notification: notification!,
    category,
    room,
    message,
  };
}

const validJob = () => ({
  title: 'Matrix Engineer',
  description: 'Checks every cell of the access matrix, one request at a time.',
  location: 'Berlin, Germany',
  employment_type: 'Full-time',
  experience_level: 'Mid level',
  categories: [],
  skills_required: [],
  status: 'open',
});
const companyDetails = { name: 'Matrix Co', description: 'We test access rules.', tech_stack: [] };
/** A person of nobody's world, made per cell for the calls that change or delete one. */
const freshPerson = (role: 'jobseeker' | 'employer') => createUser(t.db, { role, password: null });
const freshApplication = async () => {
  const job = await createJob(t.db, w.company.id);
  return createApplication(t.db, { jobId: job.id, jobseekerId: w.applicant.user.id, resumeFileId: w.resume.id });
};

/** A fresh interview of a fresh application of company A (its own hour, so none clash). */
let hour = 0;
// A year ahead on a whole hour (interviews take times up to five years ahead), two hours apart.
const firstSlot = Math.ceil((Date.now() + 365 * 86_400_000) / 3_600_000) * 3_600_000;
const slot = () => new Date(firstSlot + hour++ * 2 * 3_600_000);
const freshInterview = async (kind: 'scheduled' | 'offered' = 'scheduled') => {
  const application = await freshApplication();
  return kind === 'scheduled'
    ? createInterview(t.db, { applicationId: application.id, interviewerId: w.owner.user.id, scheduledTime: slot() })
    : createInterview(t.db, { applicationId: application.id, interviewerId: w.owner.user.id, offeredTimes: [slot(), slot()] });
};
/** A ready export of the applicant's (made once, through the API and the background build). */
let applicantExportId: number | undefined;
async function applicantExport(): Promise<number> {
  if (applicantExportId === undefined) {
    const res = await t.app.inject({ method: 'POST', url: '/api/account/exports/', headers: bearer(tokens.applicant) });
    applicantExportId = res.json<{ id: number }>().id;
    await t.app.privacy.buildDue();
  }
  return applicantExportId;
}
const interviewSides = (ok: number): Expect => ({
  owner: ok,
  recruiter: ok,
  otherCompany: 404,
  applicant: ok,
  otherSeeker: 404,
  admin: 403,
  anonymous: 401,
});
const seekerAnswers = (ok: number): Expect => ({
  owner: 403,
  recruiter: 403,
  otherCompany: 403,
  applicant: ok,
  otherSeeker: 404,
  admin: 403,
  anonymous: 401,
});

interface Request {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}
interface Row {
  /** The policy action the endpoint asks, or what else decides who may call it. */
  action: keyof typeof policy | 'role' | 'public' | 'own';
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path as the OpenAPI document writes it. */
  path: string;
  /** The request for one caller (fresh rows for changes, so every cell starts from the same state). */
  request: (caller: Caller) => Request | Promise<Request>;
  expect: Expect;
  /** A second look at the same endpoint, e.g. on a hidden thing. */
  variant?: string;
}

const multipartApply = (jobId: number) => {
  const body = formBody([
    ...textParts({ job: String(jobId), cover_letter: 'Hello', use_profile_resume: 'false' }),
    { name: 'resume', filename: 'cv.pdf', contentType: 'application/pdf', data: makePdf('Matrix', ['cv']) },
  ]);
  return { url: '/api/applications/', payload: body.payload, headers: body.headers };
};

// Job alerts (decision 024): the applicant's own alert; visitors' alerts reached by their e-mails' tokens.
const ownAlert = (caller: Caller) =>
  ({ applicant: 200, otherSeeker: 404, ...{ owner: 403, recruiter: 403, otherCompany: 403, admin: 403 }, anonymous: 401 })[caller];
const alertCells = (ok: number): Expect => Object.fromEntries(callers.map((c) => [c, c === 'applicant' ? ok : ownAlert(c)])) as Expect;
/** A fresh alert of the applicant's (the one before it goes: a job seeker keeps 20 at most). */
async function applicantAlert(): Promise<number> {
  await t.db.delete(jobAlerts).where(eq(jobAlerts.userId, w.applicant.user.id));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/job-alerts/',
    headers: bearer(tokens.applicant),
    payload: { criteria: { search: 'matrix' } },
  });
  return res.json<{ id: number }>().id;
}
async function visitorAlert(): Promise<{ confirm: string; manage: string }> {
  const email = `matrix-alert-${sequence++}@example.com`;
  await t.app.inject({ method: 'POST', url: '/api/job-alerts/subscribe/', payload: { criteria: { search: 'matrix' }, email } });
  const [row] = await t.db.select().from(jobAlerts).where(eq(jobAlerts.emailAddress, email));
  return { confirm: t.app.jobAlerts.confirmToken(row!), manage: t.app.jobAlerts.manageToken(row!) };
}
const alertRows: Row[] = [
  {
    action: 'role',
    method: 'GET',
    path: '/api/job-alerts/',
    request: () => ({ url: '/api/job-alerts/' }),
    expect: byRole(200, { jobseeker: true }),
  },
  {
    action: 'alert.create',
    method: 'POST',
    path: '/api/job-alerts/',
    request: () => ({ url: '/api/job-alerts/', payload: { criteria: { search: `matrix ${sequence++}` } } }),
    expect: byRole(201, { jobseeker: true }),
  },
  ...(['GET', 'PATCH', 'DELETE'] as const).map((method): Row => ({
    action: method === 'GET' ? 'alert.view' : 'alert.edit',
    method,
    path: '/api/job-alerts/{id}/',
    request: async () => ({
      url: `/api/job-alerts/${await applicantAlert()}/`,
      payload: method === 'PATCH' ? { paused: true } : undefined,
    }),
    expect: alertCells(method === 'DELETE' ? 204 : 200),
  })),
  {
    action: 'alert.view',
    method: 'GET',
    path: '/api/job-alerts/{id}/matches/',
    request: async () => ({ url: `/api/job-alerts/${await applicantAlert()}/matches/` }),
    expect: alertCells(200),
  },
  {
    action: 'alert.subscribe',
    method: 'POST',
    path: '/api/job-alerts/subscribe/',
    request: () => ({
      url: '/api/job-alerts/subscribe/',
      payload: { criteria: { search: 'matrix' }, email: `matrix-alert-${sequence++}@example.com` },
    }),
    expect: everyone(202),
  },
  {
    action: 'alert.manage_by_token',
    method: 'POST',
    path: '/api/job-alerts/confirm/',
    request: async () => ({ url: '/api/job-alerts/confirm/', payload: { token: (await visitorAlert()).confirm } }),
    expect: everyone(200),
  },
  {
    action: 'alert.manage_by_token',
    variant: "another alert's token",
    method: 'POST',
    path: '/api/job-alerts/confirm/',
    request: async () => ({ url: '/api/job-alerts/confirm/', payload: { token: (await visitorAlert()).manage } }),
    expect: everyone(404),
  },
  ...(
    [
      ['POST', 200],
      ['PATCH', 200],
      ['DELETE', 204],
    ] as const
  ).map(([method, ok]): Row => ({
    action: 'alert.manage_by_token',
    method,
    path: '/api/job-alerts/manage/',
    request: async () => ({
      url: '/api/job-alerts/manage/',
      payload: { token: (await visitorAlert()).manage, ...(method === 'PATCH' ? { paused: true } : {}) },
    }),
    expect: everyone(ok),
  })),
  {
    action: 'alert.manage_by_token',
    method: 'POST',
    path: '/api/job-alerts/unsubscribe/',
    request: async () => ({ url: `/api/job-alerts/unsubscribe/?token=${(await visitorAlert()).manage}` }),
    expect: everyone(200),
  },
];

const rows: Row[] = [
  // Jobs
  { action: 'public', method: 'GET', path: '/api/jobs/', request: () => ({ url: '/api/jobs/' }), expect: everyone(200) },
  {
    action: 'role',
    method: 'GET',
    path: '/api/jobs/mine/',
    request: () => ({ url: '/api/jobs/mine/' }),
    expect: byRole(200, { employer: true }),
  },
  {
    action: 'job.create',
    method: 'POST',
    path: '/api/jobs/',
    request: () => ({ url: '/api/jobs/', payload: validJob() }),
    expect: byRole(201, { employer: true }),
  },
  { action: 'job.view', method: 'GET', path: '/api/jobs/{id}/', request: () => ({ url: `/api/jobs/${w.job.id}/` }), expect: everyone(200) },
  {
    action: 'job.view',
    variant: 'a closed job',
    method: 'GET',
    path: '/api/jobs/{id}/',
    request: () => ({ url: `/api/jobs/${w.closedJob.id}/` }),
    expect: { owner: 200, recruiter: 200, otherCompany: 404, applicant: 404, otherSeeker: 404, admin: 200, anonymous: 404 },
  },
  {
    action: 'job.edit',
    method: 'PUT',
    path: '/api/jobs/{id}/',
    request: () => ({ url: `/api/jobs/${w.job.id}/`, payload: { ...validJob(), title: 'Public job' } }),
    expect: { ...byRole(200, { employer: true }), otherCompany: 403 },
  },
  {
    action: 'job.edit',
    method: 'PATCH',
    path: '/api/jobs/{id}/',
    request: () => ({ url: `/api/jobs/${w.job.id}/`, payload: { title: 'Public job' } }),
    expect: { ...byRole(200, { employer: true }), otherCompany: 403 },
  },
  {
    action: 'job.edit',
    variant: 'a closed job',
    method: 'PATCH',
    path: '/api/jobs/{id}/',
    request: () => ({ url: `/api/jobs/${w.closedJob.id}/`, payload: { title: 'Closed job' } }),
    expect: { ...byRole(200, { employer: true }), otherCompany: 404 },
  },
  {
    action: 'job.delete',
    method: 'DELETE',
    path: '/api/jobs/{id}/',
    request: async () => ({ url: `/api/jobs/${(await createJob(t.db, w.company.id)).id}/` }),
    expect: { ...byRole(204, { employer: true, admin: true }), otherCompany: 403 },
  },
  {
    action: 'job.delete',
    variant: 'a closed job',
    method: 'DELETE',
    path: '/api/jobs/{id}/',
    request: async () => ({ url: `/api/jobs/${(await createJob(t.db, w.company.id, { status: 'closed' })).id}/` }),
    expect: { ...byRole(204, { employer: true, admin: true }), otherCompany: 404 },
  },
  {
    action: 'job.view_applicants',
    method: 'GET',
    path: '/api/jobs/{id}/applicants/',
    request: () => ({ url: `/api/jobs/${w.job.id}/applicants/` }),
    expect: { ...byRole(200, { employer: true }), otherCompany: 403 },
  },
  {
    action: 'job.view_applicants',
    variant: 'a closed job',
    method: 'GET',
    path: '/api/jobs/{id}/applicants/',
    request: () => ({ url: `/api/jobs/${w.closedJob.id}/applicants/` }),
    expect: { ...byRole(200, { employer: true }), otherCompany: 404 },
  },
  {
    action: 'job.view_applicants',
    method: 'GET',
    path: '/api/jobs/{id}/applicants/board/',
    request: () => ({ url: `/api/jobs/${w.job.id}/applicants/board/` }),
    expect: { ...byRole(200, { employer: true }), otherCompany: 403 },
  },
  {
    action: 'job.view_applicants',
    variant: 'a closed job',
    method: 'GET',
    path: '/api/jobs/{id}/applicants/board/',
    request: () => ({ url: `/api/jobs/${w.closedJob.id}/applicants/board/` }),
    expect: { ...byRole(200, { employer: true }), otherCompany: 404 },
  },
  {
    action: 'own',
    method: 'GET',
    path: '/api/jobs/{id}/check-application-status/',
    request: () => ({ url: `/api/jobs/${w.job.id}/check-application-status/` }),
    expect: byRole(200, { jobseeker: true }),
  },
  {
    action: 'own',
    method: 'GET',
    path: '/api/matching-jobs/',
    request: () => ({ url: '/api/matching-jobs/' }),
    expect: byRole(200, { jobseeker: true }),
  },

  // Applications
  {
    action: 'application.create',
    method: 'POST',
    path: '/api/applications/',
    request: async () => multipartApply((await createJob(t.db, w.elsewhere.id)).id),
    expect: byRole(201, { jobseeker: true }),
  },
  {
    action: 'application.create',
    variant: 'a closed job',
    method: 'POST',
    path: '/api/applications/',
    request: () => multipartApply(w.closedJob.id),
    expect: byRole(404, { jobseeker: true }),
  },
  {
    action: 'own',
    method: 'GET',
    path: '/api/myapplications/',
    request: () => ({ url: '/api/myapplications/' }),
    expect: byRole(200, { jobseeker: true }),
  },
  {
    action: 'application.withdraw',
    method: 'POST',
    path: '/api/applications/{id}/withdraw/',
    request: async () => ({ url: `/api/applications/${(await freshApplication()).id}/withdraw/` }),
    expect: { ...byRole(200, { jobseeker: true }), otherSeeker: 404 },
  },
  {
    action: 'application.move',
    method: 'PATCH',
    path: '/api/jobs/{id}/applications/status/',
    request: async () => ({ url: `/api/jobs/${(await freshApplication()).id}/applications/status/`, payload: { status: 'reviewed' } }),
    expect: { ...byRole(200, { employer: true }), otherCompany: 404 },
  },
  {
    action: 'application.view_resume',
    method: 'GET',
    path: '/api/applications/{id}/resume/',
    request: () => ({ url: `/api/applications/${w.application.id}/resume/` }),
    expect: { owner: 200, recruiter: 200, otherCompany: 404, applicant: 200, otherSeeker: 404, admin: 404, anonymous: 404 },
  },

  // Profiles
  {
    action: 'own',
    method: 'GET',
    path: '/api/jobseek/profile/',
    request: () => ({ url: '/api/jobseek/profile/' }),
    expect: byRole(200, { jobseeker: true }),
  },
  {
    action: 'own',
    method: 'PUT',
    path: '/api/jobseek/profile/',
    request: () => ({ url: '/api/jobseek/profile/', payload: { bio: 'Checked by the matrix.' } }),
    expect: byRole(200, { jobseeker: true }),
  },
  {
    action: 'jobseeker.view',
    method: 'GET',
    path: '/api/jobseekers/{id}/',
    request: () => ({ url: `/api/jobseekers/${w.applicant.user.id}/` }),
    expect: { ...byRole(200, { employer: true, admin: true }), otherCompany: 404 },
  },
  {
    action: 'jobseeker.view',
    variant: 'who applied nowhere',
    method: 'GET',
    path: '/api/jobseekers/{id}/',
    request: () => ({ url: `/api/jobseekers/${w.otherSeeker.user.id}/` }),
    expect: { ...byRole(404, { employer: true }), admin: 200 },
  },
  // Interviews
  {
    action: 'interview.schedule',
    method: 'POST',
    path: '/api/schedule-interview/',
    request: async () => ({
      url: '/api/schedule-interview/',
      payload: {
        application: (await freshApplication()).id,
        scheduled_time: slot().toISOString(),
        duration_minutes: 30,
        time_zone: 'UTC',
        mode: 'phone',
      },
    }),
    expect: { ...byRole(201, { employer: true }), otherCompany: 404 },
  },
  {
    action: 'interview.change',
    method: 'PATCH',
    path: '/api/update-interview/{id}/',
    request: async () => ({ url: `/api/update-interview/${(await freshInterview()).id}/`, payload: { notes: 'Room 4' } }),
    expect: { ...byRole(200, { employer: true }), otherCompany: 404 },
  },
  {
    action: 'role',
    method: 'GET',
    path: '/api/interview-schedules/',
    request: () => ({ url: '/api/interview-schedules/' }),
    expect: byRole(200, { employer: true, jobseeker: true }),
  },
  {
    action: 'interview.view',
    method: 'GET',
    path: '/api/interview-schedules/{id}/',
    request: async () => ({ url: `/api/interview-schedules/${(await freshInterview()).id}/` }),
    expect: interviewSides(200),
  },
  {
    action: 'interview.view',
    method: 'GET',
    path: '/api/interview-schedules/{id}/invite.ics/',
    request: async () => ({ url: `/api/interview-schedules/${(await freshInterview()).id}/invite.ics` }),
    expect: interviewSides(200),
  },
  {
    action: 'interview.respond',
    method: 'POST',
    path: '/api/interview-schedules/{id}/choose/',
    request: async () => {
      const offered = await freshInterview('offered');
      return { url: `/api/interview-schedules/${offered.id}/choose/`, payload: { scheduled_time: offered.offeredTimes[0]!.toISOString() } };
    },
    expect: seekerAnswers(200),
  },
  {
    action: 'interview.respond',
    method: 'POST',
    path: '/api/interview-schedules/{id}/confirm/',
    request: async () => ({ url: `/api/interview-schedules/${(await freshInterview()).id}/confirm/` }),
    expect: seekerAnswers(200),
  },
  // Interview feedback
  {
    action: 'role',
    method: 'GET',
    path: '/api/interview-feedbacks/',
    request: () => ({ url: '/api/interview-feedbacks/' }),
    expect: byRole(200, { employer: true, jobseeker: true }),
  },
  {
    action: 'feedback.create',
    method: 'POST',
    path: '/api/interview-feedbacks/',
    request: async () => ({
      url: '/api/interview-feedbacks/',
      payload: { interview: (await freshInterview()).id, stage: 'phone_interview', score: 6, feedback: 'Fine.' },
    }),
    expect: { ...byRole(201, { employer: true }), otherCompany: 404 },
  },
  {
    action: 'feedback.edit',
    method: 'PATCH',
    path: '/api/interview-feedbacks/{id}/',
    request: async () => {
      const feedback = await createFeedback(t.db, { interviewId: (await freshInterview()).id, authorId: w.owner.user.id });
      return { url: `/api/interview-feedbacks/${feedback.id}/`, payload: { score: 5 } };
    },
    expect: { owner: 200, recruiter: 403, otherCompany: 404, applicant: 403, otherSeeker: 404, admin: 403, anonymous: 401 },
  },
  {
    action: 'feedback.choose_shown',
    variant: 'is_approved',
    method: 'PATCH',
    path: '/api/interview-feedbacks/{id}/',
    request: async () => {
      const feedback = await createFeedback(t.db, { interviewId: (await freshInterview()).id, authorId: w.owner.user.id });
      return { url: `/api/interview-feedbacks/${feedback.id}/`, payload: { is_approved: true } };
    },
    expect: { ...seekerAnswers(200), otherCompany: 404 },
  },
  {
    action: 'jobseeker.view',
    method: 'GET',
    path: '/api/jobseekers/{id}/photo/',
    request: () => ({ url: `/api/jobseekers/${w.applicant.user.id}/photo/` }),
    expect: { owner: 200, recruiter: 200, otherCompany: 404, applicant: 200, otherSeeker: 404, admin: 200, anonymous: 404 },
  },
  {
    // Companies read the resume sent with the application (/api/applications/{id}/resume/), not today's profile file.
    action: 'jobseeker.view_profile_resume',
    method: 'GET',
    path: '/api/jobseekers/{id}/resume/',
    request: () => ({ url: `/api/jobseekers/${w.applicant.user.id}/resume/` }),
    expect: { owner: 404, recruiter: 404, otherCompany: 404, applicant: 200, otherSeeker: 404, admin: 200, anonymous: 404 },
  },

  // Saved jobs
  {
    action: 'own',
    method: 'GET',
    path: '/api/saved-jobs/',
    request: () => ({ url: '/api/saved-jobs/' }),
    expect: byRole(200, { jobseeker: true }),
  },
  {
    action: 'own',
    method: 'GET',
    path: '/api/saved-jobs/ids/',
    request: () => ({ url: '/api/saved-jobs/ids/' }),
    expect: byRole(200, { jobseeker: true }),
  },
  {
    action: 'own',
    method: 'POST',
    path: '/api/saved-jobs/',
    request: async () => ({ url: '/api/saved-jobs/', payload: { job: (await createJob(t.db, w.company.id)).id } }),
    expect: byRole(201, { jobseeker: true }),
  },
  {
    action: 'own',
    method: 'DELETE',
    path: '/api/saved-jobs/{id}/',
    request: async () => ({
      url: `/api/saved-jobs/${await createSavedJob(t.db, w.otherSeeker.user.id, (await createJob(t.db, w.company.id)).id)}/`,
    }),
    expect: { ...byRole(204, { jobseeker: true }), applicant: 404 },
  },

  // Notifications and dashboards
  {
    action: 'own',
    method: 'GET',
    path: '/api/notifications/',
    request: () => ({ url: '/api/notifications/' }),
    expect: byRole(200, { employer: true, jobseeker: true, admin: true }),
  },
  {
    action: 'own',
    method: 'POST',
    path: '/api/notifications/{id}/mark_as_read/',
    request: () => ({ url: `/api/notifications/${w.notification.id}/mark_as_read/` }),
    expect: { ...byRole(404, { employer: true, jobseeker: true, admin: true }), applicant: 200 },
  },
  {
    action: 'own',
    method: 'POST',
    path: '/api/notifications/mark_all_as_read/',
    request: () => ({ url: '/api/notifications/mark_all_as_read/' }),
    expect: byRole(200, { employer: true, jobseeker: true, admin: true }),
  },

  // Chat: the job seeker and every member of the company; nobody else (admins included) sees it
  {
    action: 'own',
    method: 'GET',
    path: '/api/chatrooms/',
    request: () => ({ url: '/api/chatrooms/' }),
    expect: byRole(200, { employer: true, jobseeker: true }),
  },
  {
    action: 'chat.open',
    method: 'POST',
    path: '/api/chatrooms/',
    request: () => ({ url: '/api/chatrooms/', payload: { jobseeker_id: w.applicant.user.id, employer_id: w.owner.user.id } }),
    // The pair has its room: the parties are told which (400 existing_room).
    expect: { owner: 400, recruiter: 400, otherCompany: 404, applicant: 400, otherSeeker: 404, admin: 403, anonymous: 401 },
  },
  {
    action: 'chat.open',
    variant: 'a new applicant',
    method: 'POST',
    path: '/api/chatrooms/',
    request: async () => {
      const seeker = await createUser(t.db, { role: 'jobseeker' });
      await createApplication(t.db, { jobId: w.job.id, jobseekerId: seeker.id, resumeFileId: w.resume.id });
      return { url: '/api/chatrooms/', payload: { jobseeker_id: seeker.id, employer_id: w.owner.user.id } };
    },
    expect: { owner: 201, recruiter: 201, otherCompany: 404, applicant: 404, otherSeeker: 404, admin: 403, anonymous: 401 },
  },
  {
    action: 'chat.open',
    variant: 'a job seeker who never applied',
    method: 'POST',
    path: '/api/chatrooms/get_or_create/',
    request: () => ({
      url: '/api/chatrooms/get_or_create/',
      payload: { jobseeker_id: w.otherSeeker.user.id, employer_id: w.owner.user.id },
    }),
    expect: { ...byRole(404, { employer: true, jobseeker: true }) },
  },
  {
    action: 'chat.open',
    method: 'POST',
    path: '/api/chatrooms/get_or_create/',
    request: () => ({ url: '/api/chatrooms/get_or_create/', payload: { jobseeker_id: w.applicant.user.id, job_id: w.job.id } }),
    expect: { owner: 200, recruiter: 200, otherCompany: 404, applicant: 200, otherSeeker: 404, admin: 403, anonymous: 401 },
  },
  {
    action: 'chat.view',
    method: 'GET',
    path: '/api/chatrooms/{id}/',
    request: () => ({ url: `/api/chatrooms/${w.room.id}/` }),
    expect: { owner: 200, recruiter: 200, otherCompany: 404, applicant: 200, otherSeeker: 404, admin: 403, anonymous: 401 },
  },
  {
    action: 'chat.view',
    method: 'GET',
    path: '/api/chatrooms/{id}/messages/',
    request: () => ({ url: `/api/chatrooms/${w.room.id}/messages/` }),
    expect: { owner: 200, recruiter: 200, otherCompany: 404, applicant: 200, otherSeeker: 404, admin: 403, anonymous: 401 },
  },
  {
    action: 'chat.send',
    method: 'POST',
    path: '/api/chatrooms/{id}/messages/',
    request: () => ({ url: `/api/chatrooms/${w.room.id}/messages/`, payload: { content: 'Matrix says hi' } }),
    expect: { owner: 201, recruiter: 201, otherCompany: 404, applicant: 201, otherSeeker: 404, admin: 403, anonymous: 401 },
  },
  {
    action: 'chat.view',
    method: 'POST',
    path: '/api/chatrooms/{id}/read/',
    request: () => ({ url: `/api/chatrooms/${w.room.id}/read/`, payload: { up_to: w.message.id } }),
    expect: { owner: 200, recruiter: 200, otherCompany: 404, applicant: 200, otherSeeker: 404, admin: 403, anonymous: 401 },
  },
  {
    action: 'own',
    method: 'GET',
    path: '/api/dashboard/jobseeker/',
    request: () => ({ url: '/api/dashboard/jobseeker/' }),
    expect: byRole(200, { jobseeker: true }),
  },
  {
    action: 'own',
    method: 'GET',
    path: '/api/dashboard/employer/',
    request: () => ({ url: '/api/dashboard/employer/' }),
    expect: byRole(200, { employer: true }),
  },

  // Companies
  { action: 'public', method: 'GET', path: '/api/companies/', request: () => ({ url: '/api/companies/' }), expect: everyone(200) },
  {
    action: 'company.create',
    method: 'POST',
    path: '/api/companies/',
    request: () => ({ url: '/api/companies/', payload: companyDetails }),
    // Every employer here works for a company already: a second one is a conflict.
    expect: byRole(409, { employer: true }),
  },
  {
    action: 'company.view',
    method: 'GET',
    path: '/api/companies/{id}/',
    request: () => ({ url: `/api/companies/${w.company.id}/` }),
    expect: everyone(200),
  },
  {
    action: 'company.view',
    variant: 'an unapproved company',
    method: 'GET',
    path: '/api/companies/{id}/',
    request: () => ({ url: `/api/companies/${w.pendingCompany.id}/` }),
    expect: { ...everyone(404), admin: 200 },
  },
  ...(['PUT', 'PATCH'] as const).map((method): Row => ({
    action: 'company.edit',
    method,
    path: '/api/companies/{id}/',
    request: () => ({ url: `/api/companies/${w.company.id}/`, payload: { ...companyDetails, name: 'Company A' } }),
    expect: { ...byRole(403, { employer: true, admin: true }), owner: 200, admin: 200 },
  })),
  {
    action: 'company.edit',
    variant: 'an unapproved company',
    method: 'PATCH',
    path: '/api/companies/{id}/',
    request: () => ({ url: `/api/companies/${w.pendingCompany.id}/`, payload: { name: 'Company P' } }),
    expect: { ...byRole(404, { employer: true, admin: true }), admin: 200 },
  },
  {
    action: 'company.approve',
    variant: 'is_approved',
    method: 'PATCH',
    path: '/api/companies/{id}/',
    request: () => ({ url: `/api/companies/${w.company.id}/`, payload: { is_approved: true } }),
    expect: { ...byRole(403, { employer: true, admin: true }), admin: 200 },
  },
  {
    action: 'company.approve',
    method: 'POST',
    path: '/api/companies/{id}/toggle_approval/',
    request: async () => ({
      url: `/api/companies/${(await createCompany(t.db, (await createUser(t.db, { role: 'employer' })).id)).id}/toggle_approval/`,
    }),
    expect: byRole(200, { admin: true }),
  },
  {
    action: 'company.delete',
    method: 'DELETE',
    path: '/api/companies/{id}/',
    request: async () => ({
      url: `/api/companies/${(await createCompany(t.db, (await createUser(t.db, { role: 'employer' })).id, { isApproved: true })).id}/`,
    }),
    expect: { ...byRole(403, { employer: true, admin: true }), admin: 204 },
  },
  {
    action: 'company.edit',
    variant: 'logo',
    method: 'PUT',
    path: '/api/companies/{id}/logo/',
    request: async () => {
      // The owner's cell before sends the company back to review; each caller meets it approved.
      await t.db.update(companies).set({ isApproved: true }).where(eq(companies.id, w.company.id));
      const body = formBody([{ name: 'logo', filename: 'logo.png', contentType: 'image/png', data: makePng(8, 8, [200, 30, 30]) }]);
      return { url: `/api/companies/${w.company.id}/logo/`, payload: body.payload, headers: body.headers };
    },
    expect: { ...byRole(403, { employer: true, admin: true }), owner: 200, admin: 200 },
  },
  {
    action: 'company.view',
    variant: 'logo',
    method: 'GET',
    path: '/api/companies/{id}/logo/',
    request: () => ({ url: `/api/companies/${w.company.id}/logo/` }),
    expect: everyone(200),
  },

  // The hiring team
  {
    action: 'team.view',
    method: 'GET',
    path: '/api/companies/{id}/members/',
    request: () => ({ url: `/api/companies/${w.company.id}/members/` }),
    expect: { ...byRole(200, { employer: true, admin: true }), otherCompany: 403, applicant: 403, otherSeeker: 403 },
  },
  {
    action: 'team.manage',
    method: 'POST',
    path: '/api/companies/{id}/members/',
    request: () => ({ url: `/api/companies/${w.company.id}/members/`, payload: { email: `matrix-${sequence++}@example.test` } }),
    expect: { ...byRole(403, { employer: true }), owner: 201 },
  },
  {
    action: 'team.remove_member',
    method: 'DELETE',
    path: '/api/companies/{id}/members/{userId}/',
    request: async () => ({ url: `/api/companies/${w.company.id}/members/${(await createRecruiter(t.db, w.company.id)).id}/` }),
    expect: { ...byRole(403, { employer: true }), owner: 204 },
  },
  {
    action: 'team.manage',
    variant: 'withdraw',
    method: 'DELETE',
    path: '/api/companies/{id}/invitations/{invitationId}/',
    request: async () => {
      const [row] = await t.db
        .insert(companyInvitations)
        .values({ companyId: w.company.id, email: `pending-${sequence++}@example.test`, expiresAt: new Date(Date.now() + 600_000) })
        .returning();
      return { url: `/api/companies/${w.company.id}/invitations/${row!.id}/` };
    },
    expect: { ...byRole(403, { employer: true }), owner: 204 },
  },
  {
    // Only about the caller's own account: which team removed them.
    action: 'own',
    method: 'GET',
    path: '/api/companies/former/',
    request: () => ({ url: '/api/companies/former/' }),
    expect: byRole(200, { employer: true }),
  },
  {
    action: 'public',
    method: 'POST',
    path: '/api/companies/join/',
    request: () => ({ url: '/api/companies/join/', payload: {} }),
    expect: everyone(400),
  },

  // Administration: people, categories and skills
  {
    action: 'role',
    method: 'GET',
    path: '/api/admin/audit/',
    request: () => ({ url: '/api/admin/audit/' }),
    expect: byRole(200, { admin: true }),
  },
  { action: 'role', method: 'GET', path: '/api/users/', request: () => ({ url: '/api/users/' }), expect: byRole(200, { admin: true }) },
  {
    action: 'role',
    method: 'GET',
    path: '/api/users/{id}/',
    request: () => ({ url: `/api/users/${w.applicant.user.id}/` }),
    expect: byRole(200, { admin: true }),
  },
  {
    action: 'user.create',
    method: 'POST',
    path: '/api/users/',
    request: () => ({
      url: '/api/users/',
      payload: { email: `matrix-${sequence++}@example.test`, full_name: 'Made Here', role: 'jobseeker' },
    }),
    expect: byRole(201, { admin: true }),
  },
  {
    action: 'user.edit',
    method: 'PUT',
    path: '/api/users/{id}/',
    request: async () => ({
      url: `/api/users/${(await freshPerson('jobseeker')).id}/`,
      payload: { email: `renamed-${sequence++}@example.test`, full_name: 'Renamed' },
    }),
    expect: byRole(200, { admin: true }),
  },
  {
    action: 'user.delete',
    method: 'DELETE',
    path: '/api/users/{id}/',
    request: async () => ({ url: `/api/users/${(await freshPerson('jobseeker')).id}/` }),
    expect: byRole(204, { admin: true }),
  },
  {
    action: 'user.delete',
    variant: 'oneself',
    method: 'DELETE',
    path: '/api/users/{id}/',
    request: (caller) => ({ url: `/api/users/${caller === 'admin' ? w.admin.user.id : w.otherSeeker.user.id}/` }),
    expect: byRole(409, { admin: true }),
  },
  {
    action: 'admin.view_data',
    method: 'GET',
    path: '/api/admin/data/',
    request: () => ({ url: '/api/admin/data/' }),
    expect: byRole(200, { admin: true }),
  },
  ...(['jobseekers', 'employers', 'recruiters'] as const).map((kind): Row => ({
    action: 'user.view',
    method: 'GET',
    path: `/api/${kind}/`,
    request: () => ({ url: `/api/${kind}/` }),
    expect: byRole(200, { admin: true }),
  })),
  {
    action: 'user.view',
    method: 'GET',
    path: '/api/employers/{id}/',
    request: () => ({ url: `/api/employers/${w.recruiterUser.id}/` }),
    expect: byRole(200, { admin: true }),
  },
  {
    action: 'user.view',
    variant: 'a job seeker is no employer',
    method: 'GET',
    path: '/api/employers/{id}/',
    request: () => ({ url: `/api/employers/${w.applicant.user.id}/` }),
    expect: { ...byRole(403, {}), admin: 404 },
  },
  ...(['jobseekers', 'employers'] as const).flatMap((kind): Row[] => {
    const role = kind === 'jobseekers' ? 'jobseeker' : 'employer';
    return [
      {
        action: 'user.create',
        method: 'POST',
        path: `/api/${kind}/`,
        request: () => ({ url: `/api/${kind}/`, payload: { email: `matrix-${sequence++}@example.test`, full_name: 'Made Here' } }),
        expect: byRole(201, { admin: true }),
      },
      {
        action: 'user.edit',
        method: 'PUT',
        path: `/api/${kind}/{id}/`,
        request: async () => ({
          url: `/api/${kind}/${(await freshPerson(role)).id}/`,
          payload: { email: `renamed-${sequence++}@example.test`, full_name: 'Renamed' },
        }),
        expect: byRole(200, { admin: true }),
      },
      {
        action: 'user.toggle_active',
        method: 'POST',
        path: `/api/${kind}/{id}/toggle_active/`,
        request: async () => ({ url: `/api/${kind}/${(await freshPerson(role)).id}/toggle_active/`, payload: { reason: 'Matrix' } }),
        expect: byRole(200, { admin: true }),
      },
    ];
  }),
  ...(['job-categories', 'job-skills'] as const).flatMap((base): Row[] => {
    const make = () => (base === 'job-categories' ? createCategory(t.db) : createSkill(t.db));
    return [
      { action: 'public', method: 'GET', path: `/api/${base}/`, request: () => ({ url: `/api/${base}/` }), expect: everyone(200) },
      {
        action: 'public',
        method: 'GET',
        path: `/api/${base}/{id}/`,
        request: async () => ({ url: `/api/${base}/${(await make()).id}/` }),
        expect: everyone(200),
      },
      {
        action: 'role',
        method: 'POST',
        path: `/api/${base}/`,
        request: () => ({ url: `/api/${base}/`, payload: { name: `Matrix ${sequence++}` } }),
        expect: byRole(201, { admin: true }),
      },
      {
        action: 'role',
        method: 'PUT',
        path: `/api/${base}/{id}/`,
        request: async () => ({ url: `/api/${base}/${(await make()).id}/`, payload: { name: `Renamed ${sequence++}` } }),
        expect: byRole(200, { admin: true }),
      },
      {
        action: 'role',
        method: 'DELETE',
        path: `/api/${base}/{id}/`,
        request: async () => ({ url: `/api/${base}/${(await make()).id}/` }),
        expect: byRole(204, { admin: true }),
      },
    ];
  }),

  // The hiring pipeline (issue #50): notes are the team's alone (404 to everyone else), templates and bulk the company's.
  ...((): Row[] => {
    const team = (ok: number): Expect => ({ ...everyone(404), owner: ok, recruiter: ok, anonymous: 401 });
    const badInput: Expect = { ...everyone(400), anonymous: 401 };
    const ownerNote = async () =>
      (await createNote(t.db, { applicationId: w.application.id, authorId: w.owner.user.id, body: 'Matrix note' })).id;
    const templates = `/api/companies/${'{id}'}/message-templates/`;
    const companyTeam = (ok: number): Expect => ({ ...byRole(ok, { employer: true }), otherCompany: 403 });
    const template = async () => (await createMessageTemplate(t.db, { companyId: w.company.id })).id;
    return [
      {
        action: 'application.notes',
        method: 'GET',
        path: '/api/applications/{id}/notes/',
        request: () => ({ url: `/api/applications/${w.application.id}/notes/` }),
        expect: team(200),
      },
      {
        action: 'application.notes',
        method: 'POST',
        path: '/api/applications/{id}/notes/',
        request: () => ({ url: `/api/applications/${w.application.id}/notes/`, payload: { body: 'Hello team' } }),
        expect: team(201),
      },
      {
        action: 'application.notes',
        variant: 'an empty note',
        method: 'POST',
        path: '/api/applications/{id}/notes/',
        request: () => ({ url: `/api/applications/${w.application.id}/notes/`, payload: { body: '' } }),
        expect: badInput,
      },
      {
        action: 'note.edit',
        method: 'PATCH',
        path: '/api/application-notes/{id}/',
        request: async () => ({ url: `/api/application-notes/${await ownerNote()}/`, payload: { body: 'Edited' } }),
        expect: { ...team(200), recruiter: 403 },
      },
      {
        action: 'note.edit',
        method: 'DELETE',
        path: '/api/application-notes/{id}/',
        request: async () => ({ url: `/api/application-notes/${await ownerNote()}/` }),
        expect: { ...team(204), recruiter: 403 },
      },
      {
        action: 'template.manage',
        method: 'GET',
        path: templates,
        request: () => ({ url: `/api/companies/${w.company.id}/message-templates/` }),
        expect: companyTeam(200),
      },
      {
        action: 'template.manage',
        method: 'POST',
        path: templates,
        request: () => ({
          url: `/api/companies/${w.company.id}/message-templates/`,
          payload: { name: `Matrix ${sequence++}`, body: 'Hi {first_name}' },
        }),
        expect: companyTeam(201),
      },
      {
        action: 'template.manage',
        variant: 'an unknown placeholder',
        method: 'POST',
        path: templates,
        request: () => ({ url: `/api/companies/${w.company.id}/message-templates/`, payload: { name: 'Bad', body: 'Hi {name}' } }),
        expect: { ...byRole(400, { employer: true }) },
      },
      {
        action: 'template.manage',
        method: 'PATCH',
        path: `${templates}{template}/`,
        request: async () => ({
          url: `/api/companies/${w.company.id}/message-templates/${await template()}/`,
          payload: { body: 'Hello {job_title}' },
        }),
        expect: companyTeam(200),
      },
      {
        action: 'template.manage',
        method: 'DELETE',
        path: `${templates}{template}/`,
        request: async () => ({ url: `/api/companies/${w.company.id}/message-templates/${await template()}/` }),
        expect: companyTeam(204),
      },
      {
        action: 'job.bulk_applicants',
        method: 'POST',
        path: '/api/jobs/{id}/applicants/bulk/',
        request: () => ({ url: `/api/jobs/${w.job.id}/applicants/bulk/`, payload: { ids: [w.application.id], action: 'export' } }),
        expect: companyTeam(200),
      },
      {
        action: 'job.bulk_applicants',
        variant: 'a closed job',
        method: 'POST',
        path: '/api/jobs/{id}/applicants/bulk/',
        request: () => ({ url: `/api/jobs/${w.closedJob.id}/applicants/bulk/`, payload: { ids: [w.application.id], action: 'export' } }),
        expect: { ...byRole(400, { employer: true }), otherCompany: 404 },
      },
      {
        action: 'application.timeline',
        method: 'GET',
        path: '/api/applications/{id}/timeline/',
        request: () => ({ url: `/api/applications/${w.application.id}/timeline/` }),
        expect: { ...team(200), applicant: 200 },
      },
    ];
  })(),

  // One's own account: no id in the path, so every signed-in caller changes only their own row.
  {
    action: 'own',
    method: 'PATCH',
    path: '/api/account/',
    request: () => ({ url: '/api/account/', payload: { time_zone: 'Europe/Berlin' } }),
    expect: byRole(200, { employer: true, jobseeker: true, admin: true }),
  },
  {
    action: 'own',
    variant: 'an unknown zone',
    method: 'PATCH',
    path: '/api/account/',
    request: () => ({ url: '/api/account/', payload: { time_zone: 'Mars/Olympus' } }),
    expect: { ...everyone(400), anonymous: 401 },
  },

  // Privacy self-service (decision 017): each caller their own data; an export's zip its owner's only.
  {
    action: 'account.export',
    method: 'POST',
    path: '/api/account/exports/',
    request: () => ({ url: '/api/account/exports/' }),
    expect: byRole(202, { employer: true, jobseeker: true, admin: true }),
  },
  {
    action: 'account.export',
    method: 'GET',
    path: '/api/account/exports/',
    request: () => ({ url: '/api/account/exports/' }),
    expect: byRole(200, { employer: true, jobseeker: true, admin: true }),
  },
  {
    action: 'account.download_export',
    method: 'GET',
    path: '/api/account/exports/{id}/download/',
    request: async () => ({ url: `/api/account/exports/${await applicantExport()}/download/` }),
    expect: { ...everyone(404), applicant: 200, anonymous: 401 },
  },
  {
    action: 'account.delete',
    method: 'POST',
    path: '/api/account/deletion-code/',
    request: () => ({ url: '/api/account/deletion-code/' }),
    expect: byRole(202, { employer: true, jobseeker: true, admin: true }),
  },
  {
    action: 'account.delete',
    method: 'DELETE',
    path: '/api/account/',
    // Each cell deletes a fresh person of the caller's role (the world's people stay).
    request: async (caller) => {
      if (caller === 'anonymous') return { url: '/api/account/', payload: { password: 'correct-horse-battery' } };
      const role = caller === 'admin' ? 'admin' : caller === 'applicant' || caller === 'otherSeeker' ? 'jobseeker' : 'employer';
      const someone = await signedInUser(t, { role });
      return { url: '/api/account/', payload: { password: 'correct-horse-battery' }, headers: bearer(someone.token) };
    },
    expect: byRole(204, { employer: true, jobseeker: true, admin: true }),
  },
  {
    action: 'account.delete',
    variant: 'neither password nor code',
    method: 'DELETE',
    path: '/api/account/',
    request: () => ({ url: '/api/account/', payload: {} }),
    expect: { ...everyone(400), anonymous: 401 },
  },

  // Signing in: open to everyone; an empty body is bad input for all alike.
  ...[
    '/api/signup/',
    '/api/login/',
    '/api/admin/login/',
    '/api/send-otp/',
    '/api/resend-otp/',
    '/api/verify-otp/',
    '/api/token/refresh/',
    '/api/logout/',
    '/api/google/',
    '/api/request-password-reset/',
    '/api/password-reset-confirm/',
  ].map((path): Row => ({ action: 'public', method: 'POST', path, request: () => ({ url: path, payload: {} }), expect: everyone(400) })),
  { action: 'public', method: 'GET', path: '/api/config/', request: () => ({ url: '/api/config/' }), expect: everyone(200) },
  // Pages read without the app (modules/pages; not API endpoints): every caller as a visitor.
  ...[
    ['a public job', () => `/jobs/${w.job.id}`, 200],
    ['a closed job', () => `/jobs/${w.closedJob.id}`, 200],
    ['a job of a company awaiting approval', async () => `/jobs/${(await createJob(t.db, w.pendingCompany.id)).id}`, 404],
  ].map(([variant, url, status]): Row => ({
    action: 'job.view_page',
    variant: variant as string,
    method: 'GET',
    path: '/jobs/{id}',
    request: async () => ({ url: await (url as () => string | Promise<string>)() }),
    expect: everyone(status as number),
  })),
  {
    action: 'company.view',
    method: 'GET',
    path: '/companies/{id}',
    request: () => ({ url: `/companies/${w.company.id}` }),
    expect: everyone(200),
  },
  {
    action: 'company.view',
    variant: 'awaiting approval',
    method: 'GET',
    path: '/companies/{id}',
    request: () => ({ url: `/companies/${w.pendingCompany.id}` }),
    expect: everyone(404),
  },
  ...alertRows,
];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '100' });
  w = await makeWorld();
});
// A new logo by the owner sends company A back to review (decision 007); every row starts from it approved.
beforeEach(async () => {
  await t.db.update(companies).set({ isApproved: true }).where(eq(companies.id, w.company.id));
});
afterAll(() => t?.close());

describe('the access matrix', () => {
  const name = (row: Row) => `${row.method} ${row.path}${row.variant ? ` (${row.variant})` : ''} [${row.action}]`;
  it.each(rows.map((row) => [name(row), row] as const))('%s', async (_name, row) => {
    const answers: Partial<Record<Caller, number>> = {};
    for (const caller of callers) {
      const request = await row.request(caller);
      const auth = caller === 'anonymous' ? {} : bearer(tokens[caller]);
      const res = await t.app.inject({
        method: row.method,
        url: request.url,
        headers: { ...auth, ...request.headers },
        ...(request.payload === undefined ? {} : { payload: request.payload as string }),
      });
      answers[caller] = res.statusCode;
    }
    expect(answers).toEqual(row.expect);
  });

  it('has a row for every endpoint of the API', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const endpoints = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.endsWith('/') ? path : `${path}/`}`),
    );
    const covered = new Set(rows.map((row) => `${row.method} ${row.path}`));
    expect([...new Set(endpoints)].filter((e) => !covered.has(e)).sort()).toEqual([]);
  });

  it('calls every action of the policy table', () => {
    const exercised = new Set(rows.map((row) => row.action));
    expect(Object.keys(policy).filter((action) => !exercised.has(action as keyof typeof policy))).toEqual([]);
  });
});
