import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, notificationList, notificationOut, notificationsMarkedOut, paginationQuery } from '@jobportal/shared';
import { viewerOf } from '../../lib/access';
import { pageOf } from '../../lib/pagination';
import type { NotificationsService } from './notifications.service';

const tags = ['notifications'];
const security = [{ bearerAuth: [] }];

export function notificationsRoutes(app: FastifyInstance, { notifications }: { notifications: NotificationsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = app.requireRole();

  r.get('/api/notifications/', {
    onRequest: signedIn,
    schema: {
      tags,
      security,
      summary: 'Own notifications, newest first, with the unread count',
      querystring: paginationQuery,
      response: { 200: notificationList },
    },
    handler: async (request) => pageOf(request, await notifications.list(viewerOf(request), request.query)),
  });

  r.post('/api/notifications/:id/mark_as_read/', {
    onRequest: signedIn,
    schema: { tags, security, summary: 'Mark an own notification read', params: idParam, response: { 200: notificationOut } },
    handler: (request) => notifications.markRead(viewerOf(request), request.params.id),
  });

  r.post('/api/notifications/mark_all_as_read/', {
    onRequest: signedIn,
    schema: { tags, security, summary: 'Mark all own notifications read', response: { 200: notificationsMarkedOut } },
    handler: (request) => notifications.markAllRead(viewerOf(request)),
  });
}
