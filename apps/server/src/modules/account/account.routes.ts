import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountOut, accountUpdate } from '@jobportal/shared';
import { viewerOf } from '../../lib/access';
import type { AccountService } from './account.service';

const tags = ['account'];
const security = [{ bearerAuth: [] }];

export function accountRoutes(app: FastifyInstance, { account }: { account: AccountService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.patch('/api/account/', {
    onRequest: app.requireRole(),
    schema: {
      tags,
      security,
      summary:
        "The caller's own account: time_zone, the IANA zone of their browser (the web sends it once a session). " +
        'Interview e-mails and the scheduler use it; null forgets it.',
      body: accountUpdate,
      response: { 200: accountOut },
    },
    handler: (request) => account.update(viewerOf(request), request.body),
  });
}
