import { statusLabels, type NotificationOut, type NotificationsMarkedOut, type PaginationQuery } from '@jobportal/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Viewer } from '../../lib/access';
import type { PagedRows } from '../../lib/pagination';
import type { DomainEvents, EventBus } from '../../lib/events';
import { noticesPresenter, presentNotification, type NoticeWords } from './notifications.presenter';
import * as repo from './notifications.repository';
import type { NewNotification } from './notifications.repository';

const applicantsLink = (jobId: number) => `/EmployerJobapplicants/${jobId}`;
const myApplicationsLink = '/jobseekerapplications';

/** The notifications a domain event makes: who hears of it, and in what words. */
/** The domain events people hear of. */
export type NotifiedEvent = 'application.created' | 'application.status_changed' | 'interview.changed' | 'feedback.created';

/** What the company hears of a new application (written with the application itself). */
export function applicationReceived(
  a: Pick<DomainEvents['application.created'], 'employerId' | 'jobseekerName' | 'jobTitle' | 'jobId'>,
): NewNotification[] {
  return [
    {
      userId: a.employerId,
      type: 'application_received',
      message: `${a.jobseekerName} applied to ${a.jobTitle}.`,
      link: applicantsLink(a.jobId),
    },
  ];
}

export function notificationsFor<K extends NotifiedEvent>(name: K, event: DomainEvents[K]): NewNotification[] {
  if (name === 'application.created') return applicationReceived(event as DomainEvents['application.created']);
  if (name === 'interview.changed') return interviewNotifications(event as DomainEvents['interview.changed']);
  if (name === 'feedback.created') {
    const f = event as DomainEvents['feedback.created'];
    return [
      {
        userId: f.jobseekerId,
        type: 'feedback_received',
        message: `${f.companyName} gave feedback on your interview for ${f.jobTitle}. You choose whether it shows on your profile.`,
        link: myApplicationsLink,
      },
    ];
  }
  // Accounts' events (user.created, user.deactivated, user.deleted) notify nobody: the person is gone or locked out.
  if (name !== 'application.status_changed') return [];
  const change = event as DomainEvents['application.status_changed'];
  if (change.to === 'withdrawn') {
    return [
      {
        userId: change.employerId,
        type: 'application_withdrawn',
        message: `${change.jobseekerName} withdrew their application to ${change.jobTitle}.`,
        link: applicantsLink(change.jobId),
      },
    ];
  }
  return [
    {
      userId: change.jobseekerId,
      type: 'application_status_changed',
      message: `Your application to ${change.jobTitle} at ${change.companyName} is now: ${statusLabels[change.to]}.`,
      link: myApplicationsLink,
    },
  ];
}

const interviewWhen = (e: DomainEvents['interview.changed']) =>
  e.scheduledTime
    ? new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: e.timeZone }).format(
        new Date(e.scheduledTime),
      ) + ` (${e.timeZone})`
    : '';

/** Interview changes: the job seeker hears of the employer's, the interviewer of the job seeker's. */
function interviewNotifications(e: DomainEvents['interview.changed']): NewNotification[] {
  const about = `${e.jobTitle} at ${e.companyName}`;
  const toSeeker = (message: string): NewNotification[] => [
    { userId: e.jobseekerId, type: `interview_${e.kind}`, message, link: myApplicationsLink },
  ];
  const toInterviewer = (message: string): NewNotification[] =>
    e.interviewerId === e.byUserId ? [] : [{ userId: e.interviewerId, type: `interview_${e.kind}`, message, link: '/EmployerInterviews' }];
  switch (e.kind) {
    case 'scheduled':
      return [
        ...toSeeker(`Interview for ${about} scheduled: ${interviewWhen(e)}.`),
        ...toInterviewer(`You interview ${e.jobseekerName} for ${e.jobTitle}: ${interviewWhen(e)}.`),
      ];
    case 'offered':
      return toSeeker(`${e.companyName} offers times for your interview for ${e.jobTitle}: pick one.`);
    case 'time_chosen':
      return [
        {
          userId: e.interviewerId,
          type: 'interview_time_chosen',
          message: `${e.jobseekerName} picked ${interviewWhen(e)} for the ${e.jobTitle} interview.`,
          link: '/EmployerInterviews',
        },
      ];
    case 'confirmed':
      return [
        {
          userId: e.interviewerId,
          type: 'interview_confirmed',
          message: `${e.jobseekerName} confirmed the ${e.jobTitle} interview on ${interviewWhen(e)}.`,
          link: '/EmployerInterviews',
        },
      ];
    case 'rescheduled':
      return [
        ...toSeeker(`Your interview for ${about} moved to ${interviewWhen(e)}.`),
        ...toInterviewer(`The interview with ${e.jobseekerName} moved to ${interviewWhen(e)}.`),
      ];
    case 'changed':
      return toSeeker(`The details of your interview for ${about} changed.`);
    case 'cancelled':
      return [
        ...toSeeker(`Your interview for ${about} was cancelled.`),
        ...toInterviewer(`The interview with ${e.jobseekerName} for ${e.jobTitle} was cancelled.`),
      ];
    case 'completed':
      return [];
  }
}

/**
 * Writes the notifications of a domain event inside the transaction of the change it announces, so
 * a crash after the commit loses nothing: the rows wait (`pushed_at` null) for the live dispatcher,
 * which the event kicks after the commit and which also sweeps now and then.
 */
export async function writeNotifications<K extends NotifiedEvent>(tx: Db, name: K, event: DomainEvents[K]): Promise<void> {
  await repo.insertNotifications(tx, notificationsFor(name, event));
}

/**
 * Notification rows reach their users live from one place: any module inserts rows (`pushed_at`
 * null) in its own transaction (`writeNotifications`) and emits its domain event or
 * `notifications.created` after the commit; the realtime layer's dispatcher claims the unpushed rows
 * and pushes `notification:new` (it also sweeps now and then, so a row whose announcement was lost in
 * a crash still goes out).
 */
export function createNotificationsService({
  db,
  events,
  words = {},
}: {
  db: Db;
  events: EventBus;
  /** Types whose unread notices' words are worked out when shown (a job alert's count); the live dispatcher shows them the same way. */
  words?: Record<string, NoticeWords>;
}) {
  const present = noticesPresenter(words);
  /** Notices about to be read keep the words they were last shown with (a job alert's count of then). */
  async function keepWords(userId: number, ids?: number[]) {
    const types = Object.keys(words);
    if (!types.length) return;
    const rows = await repo.findUnread(db, userId, types, ids);
    const shown = await present(rows);
    await repo.setMessages(
      db,
      shown.filter((s, i) => s.message !== rows[i]!.message),
    );
  }
  return {
    present,
    /**
     * After the commit of a change whose notifications were written with it, the dispatcher is told
     * to push them (only when the event notifies someone).
     */
    listen() {
      const kick = <K extends NotifiedEvent>(name: K, event: DomainEvents[K]) =>
        notificationsFor(name, event).length ? events.emit('notifications.created', {}) : undefined;
      events.on('application.created', (e) => kick('application.created', e));
      events.on('application.status_changed', (e) => kick('application.status_changed', e));
      events.on('interview.changed', (e) => kick('interview.changed', e));
      events.on('feedback.created', (e) => kick('feedback.created', e));
    },

    async list(viewer: Viewer, q: PaginationQuery): Promise<PagedRows<NotificationOut, { unread_count: number }>> {
      const { rows, total, unread } = await repo.findNotifications(db, viewer.userId, q);
      return { rows: await present(rows), total, unread_count: unread };
    },

    async markRead(viewer: Viewer, id: number): Promise<NotificationOut> {
      await keepWords(viewer.userId, [id]);
      const row = await repo.markRead(db, viewer.userId, id);
      if (!row) throw notFound('That notification');
      await events.emit('notifications.read', { userId: viewer.userId, id });
      return presentNotification(row);
    },

    async markAllRead(viewer: Viewer): Promise<NotificationsMarkedOut> {
      await keepWords(viewer.userId);
      const ids = await repo.markAllRead(db, viewer.userId);
      if (ids.length) await events.emit('notifications.read', { userId: viewer.userId, id: 'all' });
      return { marked: ids.length, unread_count: await repo.countUnread(db, viewer.userId) };
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
