import {
  finalStatuses,
  type FeedbackOut,
  type createFeedbackRequest,
  type feedbacksQuery,
  type updateFeedbackRequest,
} from '@jobportal/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { Viewer } from '../../lib/access';
import type { PagedRows } from '../../lib/pagination';
import type { EventBus } from '../../lib/events';
import { authorize } from '../../policies/policy';
import { recordAudit } from '../audit';
import { findApplicationFacts } from '../applications';
import * as repo from './feedbacks.repository';
import * as interviewsRepo from './interviews.repository';
import { presentFeedback, presentShownFeedback } from './interviews.presenter';
import { writeNotifications } from '../notifications';
import { advanceApplication, emitApplicationMove, finalApplication } from './application-moves';

type CreateInput = z.output<typeof createFeedbackRequest>;
type UpdateInput = z.output<typeof updateFeedbackRequest>;
type ListQuery = z.output<typeof feedbacksQuery>;

const contentKeys = ['stage', 'score', 'ratings', 'strengths', 'concerns', 'recommendation', 'feedback'] as const;

export function createFeedbacksService({ db, events }: { db: Db; events: EventBus }) {
  async function load(id: number): Promise<FeedbackOut> {
    const record = await repo.findFeedbackRecord(db, id);
    if (!record) throw notFound('That feedback');
    return presentFeedback(record);
  }

  return {
    /** A member of the job's company gives feedback on an interview: one per interview per author. */
    async create(viewer: Viewer, input: CreateInput): Promise<FeedbackOut> {
      const record = await interviewsRepo.findInterviewRecord(db, input.interview);
      const i = record?.interview;
      authorize(viewer, 'feedback.create', i && { jobseekerId: i.jobseekerId, companyId: i.companyId }, { notFoundAs: 'That interview' });
      if (i!.status === 'offered' || i!.status === 'cancelled') {
        throw new AppError(
          'conflict',
          i!.status === 'offered' ? 'No time has been picked for this interview yet.' : 'This interview was cancelled.',
        );
      }
      const application = (await findApplicationFacts(db, i!.applicationId))!;
      let move: Awaited<ReturnType<typeof advanceApplication>>;
      const created = await db.transaction(async (tx) => {
        const app = await interviewsRepo.lockApplication(tx, i!.applicationId);
        if (!app) throw notFound('That interview');
        if (finalStatuses.includes(app.status)) throw finalApplication(app.status);
        const row = await repo.insertFeedback(tx, {
          interviewId: i!.id,
          authorId: viewer.userId,
          stage: input.stage,
          score: input.score,
          ratings: input.ratings,
          strengths: input.strengths,
          concerns: input.concerns,
          recommendation: input.recommendation,
          feedback: input.feedback,
        });
        if (!row) throw new AppError('feedback_exists', 'You have given feedback on this interview already: edit it instead.');
        move = await advanceApplication(tx, application, app, 'interviewed', viewer);
        await recordAudit(tx, {
          by: viewer,
          action: 'feedback.created',
          objectType: 'feedback',
          objectId: row.id,
          after: { interview: i!.id, stage: input.stage, score: input.score, recommendation: input.recommendation },
        });
        const event = {
          feedbackId: row.id,
          interviewId: i!.id,
          jobTitle: record!.jobTitle,
          companyName: record!.companyName,
          jobseekerId: i!.jobseekerId,
        };
        await writeNotifications(tx, 'feedback.created', event);
        return { row, event };
      });
      if (move) await emitApplicationMove(events, application, move, viewer);
      await events.emit('feedback.created', created.event);
      return load(created.row.id);
    },

    /** The author edits the content (until the application is final); the job seeker shows or hides it. */
    async update(viewer: Viewer, id: number, input: UpdateInput): Promise<FeedbackOut> {
      const record = await repo.findFeedbackRecord(db, id);
      const f = record && { jobseekerId: record.jobseekerId, companyId: record.companyId, authorId: record.feedback.authorId };
      const editsContent = contentKeys.some((k) => input[k] !== undefined);
      if (editsContent || input.is_approved === undefined) authorize(viewer, 'feedback.edit', f);
      if (input.is_approved !== undefined) authorize(viewer, 'feedback.choose_shown', f);
      const current = record!.feedback;
      await db.transaction(async (tx) => {
        if (editsContent) {
          const app = await interviewsRepo.lockApplication(tx, record!.applicationId);
          if (app && finalStatuses.includes(app.status)) {
            throw new AppError('conflict', 'The application is final, so its feedback can no longer change.');
          }
          const values: Partial<repo.NewFeedback> = {};
          const before: Record<string, unknown> = {};
          const after: Record<string, unknown> = {};
          for (const key of contentKeys) {
            const value = input[key];
            if (value === undefined) continue;
            before[key] = current[key];
            after[key] = value;
            (values as Record<string, unknown>)[key] = value;
          }
          await repo.updateFeedback(tx, id, values);
          await recordAudit(tx, { by: viewer, action: 'feedback.updated', objectType: 'feedback', objectId: id, before, after });
        }
        if (input.is_approved !== undefined && input.is_approved !== current.isApproved) {
          await repo.updateFeedback(tx, id, { isApproved: input.is_approved });
          await recordAudit(tx, {
            by: viewer,
            action: 'feedback.shown_changed',
            objectType: 'feedback',
            objectId: id,
            before: { is_approved: current.isApproved },
            after: { is_approved: input.is_approved },
          });
        }
      });
      return load(id);
    },

    /** The company's feedback for an employer; all feedback on their own interviews for a job seeker. */
    async list(viewer: Viewer, q: ListQuery): Promise<PagedRows<FeedbackOut>> {
      const whose = viewer.role === 'jobseeker' ? { jobseekerId: viewer.userId } : { companyId: viewer.companyId ?? -1 };
      const { rows, total } = await repo.findFeedbackRecords(db, { ...q, ...whose });
      return { rows: rows.map(presentFeedback), total };
    },

    /** The items a job seeker chose to show (callers have checked that the viewer may see the profile). */
    async shownFor(jobseekerId: number) {
      return (await repo.findShownFeedback(db, jobseekerId)).map(presentShownFeedback);
    },
  };
}
export type FeedbacksService = ReturnType<typeof createFeedbacksService>;
