import { statusLabels, type NotificationOut, type NotificationsMarkedOut, type Paginated, type PaginationQuery } from '@jobportal/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Viewer } from '../../lib/access';
import type { DomainEvents, EventBus } from '../../lib/events';
import { presentNotification } from './notifications.presenter';
import * as repo from './notifications.repository';
import type { NewNotification } from './notifications.repository';

const applicantsLink = (jobId: number) => `/EmployerJobapplicants/${jobId}`;
const myApplicationsLink = '/jobseekerapplications';

/** The notifications a domain event makes: who hears of it, and in what words. */
export function notificationsFor<K extends 'application.created' | 'application.status_changed'>(
  name: K,
  event: DomainEvents[K],
): NewNotification[] {
  if (name === 'application.created') {
    return [
      {
        userId: event.employerId,
        type: 'application_received',
        message: `${event.jobseekerName} applied to ${event.jobTitle}.`,
        link: applicantsLink(event.jobId),
      },
    ];
  }
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

/**
 * Notification rows reach their users live from one place: any module inserts rows (`pushed_at`
 * null) in its own transaction and emits `notifications.created` after the commit; the realtime
 * layer's dispatcher claims the unpushed rows and pushes `notification:new` (it also sweeps now and
 * then, so a row whose announcement was lost in a crash still goes out).
 */
export function createNotificationsService({ db, events }: { db: Db; events: EventBus }) {
  return {
    /** Turns the domain events that concern people into notification rows. */
    listen() {
      const write = async <K extends 'application.created' | 'application.status_changed'>(name: K, event: DomainEvents[K]) => {
        for (const values of notificationsFor(name, event)) await repo.insertNotification(db, values);
        await events.emit('notifications.created', {});
      };
      events.on('application.created', (e) => write('application.created', e));
      events.on('application.status_changed', (e) => write('application.status_changed', e));
    },

    async list(viewer: Viewer, q: PaginationQuery, toPage: (rows: NotificationOut[], total: number) => Paginated<NotificationOut>) {
      const { rows, total, unread } = await repo.findNotifications(db, viewer.userId, q);
      return { ...toPage(rows.map(presentNotification), total), unread_count: unread };
    },

    async markRead(viewer: Viewer, id: number): Promise<NotificationOut> {
      const row = await repo.markRead(db, viewer.userId, id);
      if (!row) throw notFound('That notification');
      await events.emit('notifications.read', { userId: viewer.userId, id });
      return presentNotification(row);
    },

    async markAllRead(viewer: Viewer): Promise<NotificationsMarkedOut> {
      const ids = await repo.markAllRead(db, viewer.userId);
      if (ids.length) await events.emit('notifications.read', { userId: viewer.userId, id: 'all' });
      return { marked: ids.length, unread_count: await repo.countUnread(db, viewer.userId) };
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
