import type { FastifyBaseLogger } from 'fastify';
import {
  applicationStatuses,
  canMoveApplication,
  type ApplicantBoard,
  finalStatuses,
  statusLabels,
  type ApplicantOut,
  type ApplicationOut,
  type ApplicationStatus,
  type applicantBoardQuery,
  type applicantsQuery,
  type applyFields,
  type myApplicationsQuery,
} from '@jobportal/shared';
import type { Db } from '../../db/client';
import type { UploadedFileRow } from '../../db/schema';
import { AppError, notFound, validationError } from '../../lib/app-error';
import type { Viewer } from '../../lib/access';
import type { PagedRows } from '../../lib/pagination';
import { utcToday } from '../../lib/dates';
import type { EventBus } from '../../lib/events';
import { applicationResumesFolder, type CheckedFile, type FilesService } from '../files';
import { findProfileFile } from '../profiles';
import { recordAudit } from '../audit';
import { applicationReceived, writeNotifications } from '../notifications';
import { authorize, type ApplicationFacts as PolicyApplicationFacts } from '../../policies/policy';
import { countsByStatus, presentApplicant, presentApplication } from './applications.presenter';
import * as lists from './application-lists.repository';
import * as repo from './applications.repository';
import type { ApplicationFacts, HistoryEntryRow } from './applications.repository';
import { cardFactsOf, findApplicantCards, type ApplicantCardFacts } from './applicant-cards.repository';

type ApplyFields = ReturnType<typeof applyFields.parse>;
type MyApplicationsQuery = ReturnType<typeof myApplicationsQuery.parse>;
type ApplicantsQuery = ReturnType<typeof applicantsQuery.parse>;
type ApplicantBoardQuery = ReturnType<typeof applicantBoardQuery.parse>;
type ApplicantList = PagedRows<ApplicantOut, { status_counts: Record<ApplicationStatus, number> }>;

export interface ApplicationsDeps {
  db: Db;
  files: FilesService;
  events: EventBus;
  log: FastifyBaseLogger;
}

const lower = (status: ApplicationStatus) => statusLabels[status].toLowerCase();

const applicationNotFound = () => notFound('That application');
/** What the access policy reads of an application. */
const policyFacts = (a: { jobseekerId: number; companyId: number }): PolicyApplicationFacts => ({
  jobseekerId: a.jobseekerId,
  companyId: a.companyId,
});

/** Why an employer may not move an application from one status to another, in a sentence (canMoveApplication decided it). */
export function refusedMoveDetail(from: ApplicationStatus, to: ApplicationStatus): string {
  if (finalStatuses.includes(from)) return `This application is ${lower(from)}, which is final: its status can't change any more.`;
  if (from === to) return `The application is already ${lower(from)}.`;
  if (to === 'withdrawn') return 'Only the job seeker can withdraw an application.';
  if (to === 'interviewed' && canMoveApplication(from, to, 'employer', { hasHeldInterview: true })) {
    return 'No interview with this applicant has taken place yet. Mark them interviewed once their interview has begun.';
  }
  return `An application can't go back from ${lower(from)} to ${lower(to)}.`;
}

/** What every application event says of the application (its job, company and people). */
export const eventFactsOf = (a: ApplicationFacts) => ({
  applicationId: a.id,
  jobId: a.jobId,
  jobTitle: a.jobTitle,
  companyName: a.companyName,
  jobseekerId: a.jobseekerId,
  jobseekerName: a.jobseekerName,
  employerId: a.employerId,
});

export function createApplicationsService({ db, files, events, log }: ApplicationsDeps) {
  async function loadMine(id: number): Promise<ApplicationOut> {
    const row = await lists.findMyApplication(db, id);
    if (!row) throw applicationNotFound();
    return presentApplication(row, (await repo.findHistories(db, [id])).get(id) ?? []);
  }

  async function loadApplicant(id: number): Promise<ApplicantOut> {
    const row = await lists.findApplicant(db, id);
    if (!row) throw applicationNotFound();
    const [histories, cards] = await Promise.all([repo.findHistories(db, [id]), findApplicantCards(db, [id])]);
    return presentApplicant(row, histories.get(id) ?? [], cardFactsOf(cards, id));
  }

  /** Moves an application in one transaction with its history entry and audit entry, then tells the listeners. */
  async function move(facts: ApplicationFacts, to: ApplicationStatus, by: Viewer & { role: 'jobseeker' | 'employer' }): Promise<void> {
    const event = { ...eventFactsOf(facts), from: facts.status, to, changedBy: by.role, changedByUserId: by.userId };
    await db.transaction(async (tx) => {
      if (!(await repo.updateStatus(tx, facts.id, facts.status, to))) {
        throw new AppError('conflict', 'The application changed in the meantime. Reload it and try again.');
      }
      await repo.insertHistory(tx, { applicationId: facts.id, status: to, changedBy: by.role, changedByUserId: by.userId });
      await recordAudit(tx, {
        by,
        action: to === 'withdrawn' ? 'application.withdrawn' : 'application.status_changed',
        objectType: 'application',
        objectId: facts.id,
        before: { status: facts.status },
        after: { status: to },
      });
      await writeNotifications(tx, 'application.status_changed', event);
    });
    await events.emit('application.status_changed', event);
  }

  const presentWith = (rows: lists.ApplicantRecord[], histories: Map<number, HistoryEntryRow[]>, cards: Map<number, ApplicantCardFacts>) =>
    rows.map((r) => presentApplicant(r, histories.get(r.application.id) ?? [], cardFactsOf(cards, r.application.id)));

  /** Who may read a job's applicants (list and board): its company; 404 for a job they may not see, 403 for another's public job. */
  async function authorizeApplicants(viewer: Viewer, jobId: number): Promise<void> {
    const job = await repo.findJobFacts(db, jobId, utcToday());
    authorize(viewer, 'job.view_applicants', job && { companyId: job.companyId, isPublic: job.isPublic });
  }

  /** Applicants as their employer sees them, with their histories and card facts read for all of them at once. */
  async function presentApplicants(rows: lists.ApplicantRecord[]): Promise<ApplicantOut[]> {
    const ids = rows.map((r) => r.application.id);
    const [histories, cards] = await Promise.all([repo.findHistories(db, ids), findApplicantCards(db, ids)]);
    return presentWith(rows, histories, cards);
  }

  return {
    /**
     * Applies to a public job with a new resume file or the profile's resume. Everything that can
     * refuse the application is checked before the file is stored; the rows go in one transaction;
     * a refused transaction removes the stored file.
     */
    async apply(viewer: Viewer, input: ApplyFields, file: CheckedFile | undefined): Promise<ApplicationOut> {
      const job = await repo.findJobFacts(db, input.job, utcToday(), viewer.userId);
      authorize(viewer, 'application.create', job && { companyId: job.companyId, isPublic: job.isPublic });
      if (!job) throw applicationNotFound(); // authorize has answered 404 already; this tells TypeScript
      const alreadyApplied = () => new AppError('conflict', 'You have already applied to this job.');
      if (job.hasApplied) throw alreadyApplied();

      let profileResume: UploadedFileRow | undefined;
      if (file && input.use_profile_resume) {
        throw validationError({ resume: ['Attach a resume or use the one on your profile, not both.'] });
      }
      if (!file) {
        if (!input.use_profile_resume) throw validationError({ resume: ['Attach your resume, or use the one on your profile.'] });
        profileResume = await findProfileFile(db, viewer.userId, 'resume');
        if (!profileResume) {
          throw validationError({ resume: ['Your profile has no resume yet. Attach one here, or add it to your profile first.'] });
        }
      }

      const stored = file ? await files.store(viewer.userId, file, { folder: applicationResumesFolder }) : undefined;
      const discardStored = async () => {
        if (stored) await files.discard(stored);
      };
      let created;
      try {
        created = await repo.insertApplication(db, {
          jobId: job.id,
          jobseekerId: viewer.userId,
          coverLetter: input.cover_letter,
          resume: stored ? { file: stored } : { fileId: profileResume!.id },
          notices: applicationReceived({
            employerId: job.employerId,
            jobseekerName: job.jobseekerName ?? '',
            jobTitle: job.title,
            jobId: job.id,
          }),
        });
      } catch (error) {
        await discardStored().catch((e: unknown) => log.warn({ err: e }, 'refused application file not removed'));
        throw error;
      }
      if (!created) {
        await discardStored();
        throw alreadyApplied();
      }
      await events.emit('application.created', {
        applicationId: created.id,
        jobId: job.id,
        jobTitle: job.title,
        companyName: job.companyName,
        jobseekerId: viewer.userId,
        jobseekerName: created.jobseekerName,
        employerId: job.employerId,
      });
      const { jobseekerName: _name, resumeUploadedAt, ...application } = created;
      // A new application always has its resume (only a deleted account's lose theirs).
      const resume = stored ? { ...stored, id: application.resumeFileId!, createdAt: resumeUploadedAt } : profileResume!;
      return presentApplication({ application, job: job.summary, resume }, [
        { status: 'applied', changedAt: application.appliedAt, changedBy: 'jobseeker' },
      ]);
    },

    async listMine(viewer: Viewer, q: MyApplicationsQuery): Promise<PagedRows<ApplicationOut>> {
      const { rows, total } = await lists.findMyApplications(db, viewer.userId, q);
      const histories = await repo.findHistories(
        db,
        rows.map((r) => r.application.id),
      );
      return { rows: rows.map((r) => presentApplication(r, histories.get(r.application.id) ?? [])), total };
    },

    async checkStatus(viewer: Viewer, jobId: number) {
      const own = await repo.findOwnApplication(db, jobId, viewer.userId);
      return { hasApplied: !!own, application_id: own?.id ?? null, status: own?.status ?? null };
    },

    /** The job seeker withdraws their own application while it is open (409 once it is final). */
    async withdraw(viewer: Viewer, id: number): Promise<ApplicationOut> {
      const facts = await repo.findApplicationFacts(db, id);
      authorize(viewer, 'application.withdraw', facts && policyFacts(facts));
      if (!facts) throw applicationNotFound();
      if (!canMoveApplication(facts.status, 'withdrawn', 'jobseeker')) {
        throw new AppError('conflict', `This application is ${lower(facts.status)} already, so it can't be withdrawn.`);
      }
      await move(facts, 'withdrawn', { ...viewer, role: 'jobseeker' });
      return loadMine(id);
    },

    /** A member of the job's company moves an application as canMoveApplication allows (400 with the reason otherwise). */
    async changeStatus(viewer: Viewer, id: number, to: ApplicationStatus): Promise<ApplicantOut> {
      const facts = await repo.findApplicationFacts(db, id);
      authorize(viewer, 'application.move', facts && policyFacts(facts));
      if (!facts) throw applicationNotFound();
      if (!canMoveApplication(facts.status, to, 'employer', facts)) {
        throw new AppError('bad_request', refusedMoveDetail(facts.status, to), {
          fields: { status: [refusedMoveDetail(facts.status, to)] },
        });
      }
      await move(facts, to, { ...viewer, role: 'employer' });
      return loadApplicant(id);
    },

    /** The applicants of a job of the viewer's company (404 for a job they may not see, 403 for another company's public job). */
    async listApplicants(viewer: Viewer, jobId: number, q: ApplicantsQuery): Promise<ApplicantList> {
      await authorizeApplicants(viewer, jobId);
      const { rows, total, statusCounts } = await lists.findApplicants(db, jobId, q);
      return { rows: await presentApplicants(rows), total, status_counts: countsByStatus(statusCounts) };
    },

    /** The hiring board's first view: every status column's count and first page, in pipeline order (access as the list). */
    async boardApplicants(viewer: Viewer, jobId: number, q: ApplicantBoardQuery): Promise<ApplicantBoard> {
      // The board's reads start beside the access check; nothing of them leaves before it passes.
      const [, found] = await Promise.all([authorizeApplicants(viewer, jobId), lists.findBoardApplicants(db, jobId, q)]);
      const cards = presentWith(found.rows, found.histories, found.cards);
      const { counts } = found;
      return {
        columns: applicationStatuses.map((status) => ({
          status,
          count: counts.get(status) ?? 0,
          results: cards.filter((card) => card.status === status),
        })),
      };
    },

    /** An application's resume: for the applicant and the job's company only. */
    async getResume(viewer: Viewer | null, id: number): Promise<{ file: UploadedFileRow; data: Buffer }> {
      const found = await lists.findApplicationResume(db, id);
      authorize(viewer, 'application.view_resume', found && { ...policyFacts(found), isWithdrawn: found.isWithdrawn }, {
        notFoundAs: 'That resume',
      });
      const data = await files.read(found!.file);
      if (!data) throw notFound('That resume');
      return { file: found!.file, data };
    },
  };
}
export type ApplicationsService = ReturnType<typeof createApplicationsService>;
