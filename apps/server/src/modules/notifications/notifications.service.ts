import { statusLabels, type NotificationOut, type Paginated, type PaginationQuery } from '@jobportal/shared';
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
export function notificationsFor<K extends keyof DomainEvents>(name: K, event: DomainEvents[K]): NewNotification[] {
  if (name === 'application.created') {
    const created = event as DomainEvents['application.created'];
    return [
      {
        userId: created.employerId,
        type: 'application_received',
        message: `${created.jobseekerName} applied to ${created.jobTitle}.`,
        link: applicantsLink(created.jobId),
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

export function createNotificationsService({ db }: { db: Db }) {
  return {
    /** Turns the domain events that concern people into notification rows. */
    listen(events: EventBus) {
      const write = async <K extends keyof DomainEvents>(name: K, event: DomainEvents[K]) => {
        for (const values of notificationsFor(name, event)) await repo.insertNotification(db, values);
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
      return presentNotification(row);
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
