import type { FastifyBaseLogger } from 'fastify';
import { canMoveApplication, fillTemplate, type ApplicationStatus, type BulkResult, type bulkRequest } from '@jobportal/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, validationError } from '../../lib/app-error';
import type { Viewer } from '../../lib/access';
import { utcToday } from '../../lib/dates';
import type { DomainEvents, EventBus } from '../../lib/events';
import { inline, type Mailer } from '../../lib/mail';
import { authorize } from '../../policies/policy';
import { refusedMoveDetail } from '../applications';
import { recordAudit } from '../audit';
import { presentMessage, storeCompanyMessages } from '../chat';
import { insertNotifications, notificationsFor } from '../notifications';
import { presentApplicantsCsv } from './pipeline.presenter';
import * as moves from './pipeline-moves.repository';
import type { BulkApplicant, BulkJob } from './pipeline-moves.repository';
import * as repo from './pipeline.repository';

type BulkInput = z.output<typeof bulkRequest>;
type StatusEvent = DomainEvents['application.status_changed'];

export const firstNameOf = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? fullName;

/**
 * Many applicants of one job at once (issue #50): move them, reject them with a message, or export
 * them as CSV. Each action is one transaction and all or nothing: one refused move refuses the
 * whole action, with the status rule's reason per id (`fields["ids.<id>"]`).
 */
export function createBulkService({ db, events, mailer, log }: { db: Db; events: EventBus; mailer: Mailer; log: FastifyBaseLogger }) {
  /** Why each asked id may not go to `to` (empty: all may). */
  function refusals(ids: number[], rows: BulkApplicant[], to: ApplicationStatus): Record<string, string[]> {
    const fields: Record<string, string[]> = {};
    const found = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) {
      const row = found.get(id);
      if (!row) fields[`ids.${id}`] = ["This applicant is not one of this job's."];
      else if (!canMoveApplication(row.status, to, 'employer', row)) fields[`ids.${id}`] = [refusedMoveDetail(row.status, to)];
    }
    return fields;
  }

  async function rejectionText(job: BulkJob, input: BulkInput): Promise<string> {
    if (input.template !== undefined && input.message !== undefined) {
      throw validationError({ message: ['Use a template or write a message, not both.'] });
    }
    if (input.message !== undefined) return input.message;
    if (input.template === undefined) throw validationError({ template: ['Choose a template or write a message.'] });
    const template = await repo.findTemplate(db, job.companyId, input.template);
    if (!template) throw validationError({ template: ["That template is not one of the company's."] });
    return template.body;
  }

  async function moveAll(
    viewer: Viewer,
    job: BulkJob,
    ids: number[],
    to: ApplicationStatus,
    text?: { body: string; channel: BulkInput['channel'] },
  ) {
    const statusEvents: StatusEvent[] = [];
    const result = await db.transaction(async (tx) => {
      const rows = await moves.findBulkApplicants(tx, job.id, ids, true);
      const fields = refusals(ids, rows, to);
      const personal = rows.map((r) => ({
        row: r,
        content: text ? fillTemplate(text.body, { first_name: firstNameOf(r.fullName), job_title: job.title }) : '',
      }));
      for (const p of personal) {
        if (p.content.length > 4000)
          fields[`ids.${p.row.id}`] = ['The message is longer than 4,000 characters once filled in for this applicant.'];
      }
      const refused = Object.keys(fields).length;
      if (refused) {
        throw new AppError(
          'bad_request',
          `${refused} of the ${ids.length} applicants cannot be moved, so none was: see each one's reason.`,
          {
            fields,
          },
        );
      }
      await moves.moveApplications(tx, ids, to, { actor: 'employer', userId: viewer.userId });
      for (const r of rows) {
        statusEvents.push({
          applicationId: r.id,
          jobId: job.id,
          jobTitle: job.title,
          companyName: job.companyName,
          jobseekerId: r.jobseekerId,
          jobseekerName: r.fullName,
          employerId: job.employerId,
          from: r.status,
          to,
          changedBy: 'employer',
          changedByUserId: viewer.userId,
        });
      }
      await insertNotifications(
        tx,
        statusEvents.flatMap((e) => notificationsFor('application.status_changed', e)),
      );
      const messages =
        text && text.channel !== 'email'
          ? await storeCompanyMessages(
              tx,
              { companyId: job.companyId, senderId: viewer.userId },
              personal.map((p) => ({ jobseekerId: p.row.jobseekerId, jobId: job.id, content: p.content })),
            )
          : [];
      await recordAudit(tx, {
        by: viewer,
        action: text ? 'applicants.bulk_rejected' : 'applicants.bulk_moved',
        objectType: 'job',
        objectId: job.id,
        before: { applications: rows.map((r) => ({ id: r.id, status: r.status })) },
        after: { status: to, count: rows.length, ...(text ? { channel: text.channel } : {}) },
      });
      return { messages, personal };
    });
    for (const e of statusEvents) await events.emit('application.status_changed', e);
    for (const m of result.messages) {
      await events.emit('chat.message_created', {
        audience: { roomId: m.roomId, jobseekerId: m.jobseekerId, companyId: job.companyId },
        message: presentMessage(m),
        rooms: undefined,
      });
    }
    if (result.messages.length) await events.emit('notifications.created', {});
    if (text && text.channel !== 'chat') {
      // After the commit: the rejection stands whether or not each e-mail goes out (failures are logged).
      for (const p of result.personal) {
        mailer
          .send({ to: p.row.email, subject: `Your application to ${inline(job.title)} at ${inline(job.companyName)}`, text: p.content })
          .catch((error: unknown) => log.warn({ err: error, application: p.row.id }, 'bulk rejection e-mail not sent'));
      }
    }
  }

  return {
    async act(viewer: Viewer, jobId: number, input: BulkInput): Promise<BulkResult> {
      const job = await moves.findBulkJob(db, jobId, utcToday());
      authorize(viewer, 'job.bulk_applicants', job && { companyId: job.companyId, isPublic: job.isPublic });
      const ids = [...new Set(input.ids)];
      if (input.action === 'export') {
        const rows = await moves.findBulkApplicants(db, job!.id, ids, false);
        const missing = ids.filter((id) => !rows.some((r) => r.id === id));
        if (missing.length)
          throw validationError(Object.fromEntries(missing.map((id) => [`ids.${id}`, ["This applicant is not one of this job's."]])));
        await recordAudit(db, {
          by: viewer,
          action: 'applicants.bulk_exported',
          objectType: 'job',
          objectId: job!.id,
          after: { count: rows.length },
        });
        return { action: 'export', ids, csv: presentApplicantsCsv(rows) };
      }
      if (input.action === 'move') {
        if (!input.status) throw validationError({ status: ['Choose the status to move them to.'] });
        await moveAll(viewer, job!, ids, input.status);
        return { action: 'move', ids };
      }
      const body = await rejectionText(job!, input);
      await moveAll(viewer, job!, ids, 'rejected', { body, channel: input.channel });
      return { action: 'reject', ids };
    },
  };
}
export type BulkService = ReturnType<typeof createBulkService>;
