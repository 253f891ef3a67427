import {
  finalStatuses,
  type InterviewOut,
  type InterviewStatus,
  type chooseInterviewTimeRequest,
  type interviewsQuery,
  type scheduleInterviewRequest,
  type updateInterviewRequest,
} from '@jobportal/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { InterviewRow } from '../../db/schema';
import { AppError, notFound, validationError } from '../../lib/app-error';
import type { Viewer } from '../../lib/access';
import type { PagedRows } from '../../lib/pagination';
import type { EventBus, InterviewEvent } from '../../lib/events';
import { authorize } from '../../policies/policy';
import { findApplicationFacts } from '../applications';
import { recordAudit } from '../audit';
import { writeNotifications } from '../notifications';
import { interviewCalendar, type InviteContext, type InviteKind, type InviteMailer } from './interview-invites';
import { advanceApplication, emitApplicationMove, finalApplication } from './application-moves';
import { createClashGuard } from './interview-clashes';
import { presentInterview } from './interviews.presenter';
import * as repo from './interviews.repository';
import type { InterviewRecord } from './interviews.repository';

type ScheduleInput = z.output<typeof scheduleInterviewRequest>;
type UpdateInput = z.output<typeof updateInterviewRequest>;
type ChooseInput = z.output<typeof chooseInterviewTimeRequest>;
type ListQuery = z.output<typeof interviewsQuery>;

export interface InterviewsDeps {
  db: Db;
  events: EventBus;
  invites: InviteMailer;
  inviteContext: InviteContext;
}

const minutes = (n: number) => n * 60_000;
const holdsTime: readonly InterviewStatus[] = ['scheduled', 'rescheduled'];
const interviewNotFound = () => notFound('That interview');
const facts = (i: Pick<InterviewRow, 'jobseekerId' | 'companyId'>) => ({ jobseekerId: i.jobseekerId, companyId: i.companyId });

const inPast = (field: string) => validationError({ [field]: ['Choose a time in the future.'] });

export function createInterviewsService({ db, events, invites, inviteContext }: InterviewsDeps) {
  async function load(id: number): Promise<InterviewRecord> {
    const record = await repo.findInterviewRecord(db, id);
    if (!record) throw interviewNotFound();
    return record;
  }
  const withoutClash = createClashGuard(db);

  function eventOf(kind: InterviewEvent['kind'], r: InterviewRecord, by: Viewer): InterviewEvent {
    const i = r.interview;
    return {
      kind,
      interviewId: i.id,
      applicationId: i.applicationId,
      jobTitle: r.jobTitle,
      companyName: r.companyName,
      jobseekerId: i.jobseekerId,
      jobseekerName: r.jobseeker.fullName,
      interviewerId: i.interviewerId,
      scheduledTime: i.scheduledTime?.toISOString() ?? null,
      timeZone: i.timeZone,
      byUserId: by.userId,
    };
  }

  /**
   * At the end of a change's transaction: the interview as it now is, with the notifications of the
   * people on both sides written in the same transaction (a crash after the commit loses none).
   */
  async function noticeInTx(tx: Db, kind: InterviewEvent['kind'], id: number, by: Viewer): Promise<InterviewRecord> {
    const record = await repo.findInterviewRecord(tx, id);
    if (!record) throw interviewNotFound();
    await writeNotifications(tx, 'interview.changed', eventOf(kind, record, by));
    return record;
  }

  /** After the commit: the listeners hear of it (the live push) and both sides get the e-mail with the invite. */
  async function announce(kind: InterviewEvent['kind'], record: InterviewRecord, by: Viewer, mail?: InviteKind): Promise<InterviewOut> {
    await events.emit('interview.changed', eventOf(kind, record, by));
    if (mail) void invites.send(mail, record);
    return presentInterview(record);
  }

  return {
    /** A member of the job's company schedules one time, or offers 2-6 for the job seeker to pick. */
    async schedule(viewer: Viewer, input: ScheduleInput): Promise<InterviewOut> {
      const application = await findApplicationFacts(db, input.application);
      authorize(viewer, 'interview.schedule', application && facts(application), { notFoundAs: 'That application' });
      if (!application) throw notFound('That application');
      const interviewerId = input.interviewer ?? viewer.userId;
      if (input.interviewer !== undefined && !(await repo.isCompanyMember(db, application.companyId, input.interviewer))) {
        throw validationError({ interviewer: ['Choose a member of your company.'] });
      }
      const now = Date.now();
      const start = input.scheduled_time ? new Date(input.scheduled_time) : null;
      if (start && start.getTime() <= now) throw inPast('scheduled_time');
      const offered = (input.offered_times ?? []).map((t) => new Date(t)).sort((a, b) => a.getTime() - b.getTime());
      if (offered.some((t) => t.getTime() <= now)) throw inPast('offered_times');
      const end = start && new Date(start.getTime() + minutes(input.duration_minutes));

      let move: Awaited<ReturnType<typeof advanceApplication>>;
      const created = await withoutClash(
        async (tx) => {
          const app = await repo.lockApplication(tx, application.id);
          if (!app) throw notFound('That application');
          if (finalStatuses.includes(app.status)) throw finalApplication(app.status);
          // One open offer per application: a second would ask the job seeker to pick twice. Read
          // under the application's lock, so two offers sent at once cannot both pass.
          if (!start && (await repo.findOpenOffer(tx, app.id))) {
            throw new AppError(
              'conflict',
              'This application has an open offer of times already. Change its times or cancel it before offering others.',
            );
          }
          const row = await repo.insertInterview(tx, {
            applicationId: app.id,
            jobId: app.jobId,
            companyId: app.companyId,
            jobseekerId: app.jobseekerId,
            interviewerId,
            status: start ? 'scheduled' : 'offered',
            scheduledTime: start,
            endTime: end,
            timeZone: input.time_zone,
            durationMinutes: input.duration_minutes,
            mode: input.mode,
            location: input.location ?? null,
            meetingLink: input.meeting_link ?? null,
            notes: input.notes ?? null,
            offeredTimes: offered,
          });
          if (start) {
            move = await advanceApplication(tx, application, app, 'interview_scheduled', viewer);
            await repo.replaceReminders(tx, row.id, start, { isNew: true });
          }
          await recordAudit(tx, {
            by: viewer,
            action: start ? 'interview.scheduled' : 'interview.offered',
            objectType: 'interview',
            objectId: row.id,
            after: start
              ? { application: app.id, scheduled_time: start.toISOString(), interviewer: interviewerId }
              : { application: app.id, offered_times: offered.map((t) => t.toISOString()), interviewer: interviewerId },
          });
          return noticeInTx(tx, start ? 'scheduled' : 'offered', row.id, viewer);
        },
        { interviewerId, jobseekerId: application.jobseekerId, start, end, timeZone: input.time_zone },
      );
      if (move) await emitApplicationMove(events, application, move, viewer);
      return start ? announce('scheduled', created, viewer, 'scheduled') : announce('offered', created, viewer, 'offered');
    },

    /** The job seeker picks one of the offered times: the first pick wins, the other times are released. */
    async choose(viewer: Viewer, id: number, input: ChooseInput): Promise<InterviewOut> {
      const record = await repo.findInterviewRecord(db, id);
      authorize(viewer, 'interview.respond', record && facts(record.interview));
      const i = record!.interview;
      if (i.status !== 'offered') throw new AppError('conflict', 'A time has been picked for this interview already.');
      const start = new Date(input.scheduled_time);
      if (!i.offeredTimes.some((t) => t.getTime() === start.getTime())) {
        throw validationError({ scheduled_time: ['Pick one of the offered times.'] });
      }
      if (start.getTime() <= Date.now()) throw inPast('scheduled_time');
      const end = new Date(start.getTime() + minutes(i.durationMinutes));
      const application = (await findApplicationFacts(db, i.applicationId))!;
      let move: Awaited<ReturnType<typeof advanceApplication>>;
      const chosen = await withoutClash(
        async (tx) => {
          const app = await repo.lockApplication(tx, i.applicationId);
          if (!app) throw interviewNotFound();
          if (finalStatuses.includes(app.status)) throw finalApplication(app.status);
          const row = await repo.updateInterview(
            tx,
            i.id,
            { status: 'scheduled', scheduledTime: start, endTime: end, offeredTimes: [], seekerConfirmedAt: new Date() },
            ['offered'],
          );
          if (!row) throw new AppError('conflict', 'A time has been picked for this interview already.');
          // A pick answers every offer of the application: any other still open closes with it.
          for (const closedId of await repo.closeOtherOffers(tx, i.applicationId, i.id)) {
            await recordAudit(tx, {
              by: viewer,
              action: 'interview.cancelled',
              objectType: 'interview',
              objectId: closedId,
              before: { status: 'offered' },
              after: { status: 'cancelled', reason: `a time of interview ${i.id} was picked` },
            });
          }
          // The employer offered these times, so the move is theirs in the history.
          move = await advanceApplication(tx, application, app, 'interview_scheduled', { ...viewer, userId: i.interviewerId });
          await repo.replaceReminders(tx, i.id, start);
          await recordAudit(tx, {
            by: viewer,
            action: 'interview.time_chosen',
            objectType: 'interview',
            objectId: i.id,
            before: { status: 'offered' },
            after: { status: 'scheduled', scheduled_time: start.toISOString() },
          });
          return noticeInTx(tx, 'time_chosen', i.id, viewer);
        },
        { interviewerId: i.interviewerId, jobseekerId: i.jobseekerId, start, end, exceptId: i.id, timeZone: i.timeZone },
      );
      if (move) await emitApplicationMove(events, application, move, { ...viewer, userId: i.interviewerId });
      return announce('time_chosen', chosen, viewer, 'scheduled');
    },

    /** The job seeker confirms they will attend. */
    async confirm(viewer: Viewer, id: number): Promise<InterviewOut> {
      const record = await repo.findInterviewRecord(db, id);
      authorize(viewer, 'interview.respond', record && facts(record.interview));
      const i = record!.interview;
      if (!holdsTime.includes(i.status)) {
        throw new AppError('conflict', i.status === 'offered' ? 'Pick one of the offered times first.' : `This interview is ${i.status}.`);
      }
      const confirmed = await db.transaction(async (tx) => {
        const row = await repo.updateInterview(tx, i.id, { seekerConfirmedAt: new Date() }, holdsTime);
        if (!row) throw new AppError('conflict', 'The interview changed in the meantime. Reload it and try again.');
        await recordAudit(tx, { by: viewer, action: 'interview.confirmed', objectType: 'interview', objectId: i.id });
        return noticeInTx(tx, 'confirmed', i.id, viewer);
      });
      return announce('confirmed', confirmed, viewer);
    },

    /** The employer reschedules, changes the details, cancels or completes an interview. */
    async update(viewer: Viewer, id: number, input: UpdateInput): Promise<InterviewOut> {
      const record = await repo.findInterviewRecord(db, id);
      authorize(viewer, 'interview.change', record && facts(record.interview));
      const i = record!.interview;
      if (i.status === 'cancelled' || i.status === 'completed') {
        throw new AppError('conflict', `This interview is ${i.status}: it can't change any more.`);
      }
      if (input.status && input.scheduled_time) {
        throw validationError({ status: ['Change the time or end the interview, not both at once.'] });
      }
      if (input.status === 'completed' && i.status === 'offered') {
        throw new AppError('conflict', 'No time has been picked for this interview yet, so it cannot be completed.');
      }
      // Completing says the interview took place: not before it began.
      if (input.status === 'completed' && i.scheduledTime && i.scheduledTime.getTime() > Date.now()) {
        throw new AppError('conflict', 'This interview has not started yet, so it cannot be completed. Cancel or reschedule it instead.');
      }
      const values: Partial<repo.NewInterview> = {};
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      const set = <K extends keyof repo.NewInterview & keyof InterviewRow>(key: K, label: string, value: repo.NewInterview[K]) => {
        const old = i[key];
        const same = old instanceof Date && value instanceof Date ? old.getTime() === value.getTime() : old === value;
        if (same) return false;
        values[key] = value;
        before[label] = old instanceof Date ? old.toISOString() : old;
        after[label] = value instanceof Date ? value.toISOString() : value;
        return true;
      };
      const duration = input.duration_minutes ?? i.durationMinutes;
      const newStart = input.scheduled_time ? new Date(input.scheduled_time) : null;
      if (newStart && newStart.getTime() <= Date.now()) throw inPast('scheduled_time');
      const start = newStart ?? i.scheduledTime;
      const end = start && new Date(start.getTime() + minutes(duration));
      let moved = false;
      if (input.duration_minutes !== undefined) set('durationMinutes', 'duration_minutes', duration);
      if (start && (newStart || input.duration_minutes !== undefined)) {
        moved = set('scheduledTime', 'scheduled_time', start);
        set('endTime', 'end_time', end);
      }
      if (input.time_zone !== undefined) set('timeZone', 'time_zone', input.time_zone);
      let placeChanged = false;
      if (input.mode !== undefined) placeChanged = set('mode', 'mode', input.mode) || placeChanged;
      if (input.location !== undefined) placeChanged = set('location', 'location', input.location) || placeChanged;
      if (input.meeting_link !== undefined) placeChanged = set('meetingLink', 'meeting_link', input.meeting_link) || placeChanged;
      if (input.notes !== undefined) set('notes', 'notes', input.notes);
      if ((values.mode ?? i.mode) === 'in_person' && !(values.location !== undefined ? values.location : i.location)) {
        throw validationError({ location: ['Give the address for an interview in person.'] });
      }
      let status: InterviewStatus = i.status;
      if (input.status) status = input.status;
      else if (moved) status = i.status === 'offered' ? 'scheduled' : 'rescheduled';
      set('status', 'status', status);
      const timeChanged = moved || values.endTime !== undefined;
      if (timeChanged || placeChanged || input.status) values.sequence = i.sequence + 1;
      if (moved) values.seekerConfirmedAt = null;
      if (newStart && i.status === 'offered') values.offeredTimes = [];

      // What the people on both sides hear of, and the e-mail they get (none for notes alone).
      const kind: InterviewEvent['kind'] | undefined =
        status === 'cancelled'
          ? 'cancelled'
          : status === 'completed'
            ? 'completed'
            : moved
              ? i.status === 'offered'
                ? 'scheduled'
                : 'rescheduled'
              : values.sequence !== undefined
                ? 'changed'
                : undefined;
      const mail: InviteKind | undefined =
        kind === 'cancelled' ? (i.scheduledTime ? 'cancelled' : undefined) : kind === 'completed' ? undefined : kind;

      const application = (await findApplicationFacts(db, i.applicationId))!;
      let move: Awaited<ReturnType<typeof advanceApplication>>;
      const changed = await withoutClash(
        async (tx) => {
          const app = await repo.lockApplication(tx, i.applicationId);
          if (!app) throw interviewNotFound();
          if (timeChanged && finalStatuses.includes(app.status)) throw finalApplication(app.status);
          const row = await repo.updateInterview(tx, i.id, values, [i.status]);
          if (!row) throw new AppError('conflict', 'The interview changed in the meantime. Reload it and try again.');
          if (timeChanged || input.status) {
            await repo.replaceReminders(tx, i.id, status === 'cancelled' || status === 'completed' ? null : row.scheduledTime);
          }
          if (newStart && i.status === 'offered') move = await advanceApplication(tx, application, app, 'interview_scheduled', viewer);
          await recordAudit(tx, {
            by: viewer,
            action:
              status === 'cancelled'
                ? 'interview.cancelled'
                : status === 'completed'
                  ? 'interview.completed'
                  : moved
                    ? 'interview.rescheduled'
                    : 'interview.updated',
            objectType: 'interview',
            objectId: i.id,
            before,
            after,
          });
          return kind ? noticeInTx(tx, kind, i.id, viewer) : undefined;
        },
        { interviewerId: i.interviewerId, jobseekerId: i.jobseekerId, start, end, exceptId: i.id, timeZone: values.timeZone ?? i.timeZone },
      );
      if (move) await emitApplicationMove(events, application, move, viewer);
      if (kind && changed) return announce(kind, changed, viewer, mail);
      return presentInterview(await load(i.id));
    },

    async list(viewer: Viewer, q: ListQuery): Promise<PagedRows<InterviewOut>> {
      const whose = viewer.role === 'jobseeker' ? { jobseekerId: viewer.userId } : { companyId: viewer.companyId ?? -1 };
      const { rows, total } = await repo.findInterviewRecords(db, { ...q, ...whose });
      return { rows: rows.map(presentInterview), total };
    },

    async get(viewer: Viewer, id: number): Promise<InterviewOut> {
      const record = await repo.findInterviewRecord(db, id);
      authorize(viewer, 'interview.view', record && facts(record.interview));
      return presentInterview(record!);
    },

    /** The calendar file of an interview with a time, for either side. */
    async invite(viewer: Viewer, id: number): Promise<{ content: string; method: string }> {
      const record = await repo.findInterviewRecord(db, id);
      authorize(viewer, 'interview.view', record && facts(record.interview));
      if (!record!.interview.scheduledTime) throw new AppError('conflict', 'No time has been picked for this interview yet.');
      return interviewCalendar(record!, inviteContext);
    },
  };
}
export type InterviewsService = ReturnType<typeof createInterviewsService>;
