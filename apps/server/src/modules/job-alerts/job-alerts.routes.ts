import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertTokenBody,
  alertUnsubscribeQuery,
  idParam,
  jobAlertInput,
  jobAlertList,
  jobAlertManaged,
  jobAlertManagePatch,
  jobAlertMatchList,
  jobAlertOut,
  jobAlertPatch,
  jobAlertSubscribe,
  jobAlertSubscribed,
  jobAlertUnsubscribed,
  paginationQuery,
} from '@jobportal/shared';
import { viewerOf } from '../../lib/access';
import { validationError } from '../../lib/app-error';
import { pageOf } from '../../lib/pagination';
import type { JobAlertsService } from './job-alerts.service';

const tags = ['job alerts'];
const security = [{ bearerAuth: [] }];

export function jobAlertsRoutes(app: FastifyInstance, { jobAlerts }: { jobAlerts: JobAlertsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const jobseekerOnly = app.requireRole('jobseeker');

  r.get('/api/job-alerts/', {
    onRequest: jobseekerOnly,
    schema: {
      tags,
      security,
      summary: "The job seeker's alerts, newest first, with their new matches",
      querystring: paginationQuery,
      response: { 200: jobAlertList },
    },
    handler: async (request) => pageOf(request, await jobAlerts.list(viewerOf(request), request.query)),
  });

  r.post('/api/job-alerts/', {
    onRequest: jobseekerOnly,
    schema: {
      tags,
      security,
      summary: 'Save a search as an alert (at most 20): new jobs it finds are told in the app and/or by e-mail',
      body: jobAlertInput,
      response: { 201: jobAlertOut },
    },
    handler: async (request, reply) => reply.code(201).send(await jobAlerts.create(viewerOf(request), request.body)),
  });

  r.get('/api/job-alerts/:id/', {
    onRequest: jobseekerOnly,
    schema: { tags, security, summary: 'One alert (its owner only)', params: idParam, response: { 200: jobAlertOut } },
    handler: (request) => jobAlerts.get(viewerOf(request), request.params.id),
  });

  r.patch('/api/job-alerts/:id/', {
    onRequest: jobseekerOnly,
    schema: {
      tags,
      security,
      summary: 'Change an alert: name, search, frequency, how it tells, or pause it (`paused`)',
      params: idParam,
      body: jobAlertPatch,
      response: { 200: jobAlertOut },
    },
    handler: (request) => jobAlerts.patch(viewerOf(request), request.params.id, request.body),
  });

  r.delete('/api/job-alerts/:id/', {
    onRequest: jobseekerOnly,
    schema: { tags, security, summary: 'Delete an alert (its owner only)', params: idParam },
    handler: async (request, reply) => {
      await jobAlerts.remove(viewerOf(request), request.params.id);
      return reply.code(204).send();
    },
  });

  r.get('/api/job-alerts/:id/matches/', {
    onRequest: jobseekerOnly,
    schema: {
      tags,
      security,
      summary: "An alert's matched jobs that are public, newest first; the first page marks them seen",
      params: idParam,
      querystring: paginationQuery,
      response: { 200: jobAlertMatchList },
    },
    handler: async (request) => pageOf(request, await jobAlerts.matches(viewerOf(request), request.params.id, request.query)),
  });

  // Visitors: an e-mail address instead of an account, confirmed by a link (double opt-in).
  r.post('/api/job-alerts/subscribe/', {
    schema: {
      tags,
      summary: 'A visitor saves a search for an e-mail address: 202, and a link to confirm it is e-mailed',
      body: jobAlertSubscribe,
      response: { 202: jobAlertSubscribed },
    },
    handler: async (request, reply) => reply.code(202).send(await jobAlerts.subscribe(request.body, request.ip)),
  });

  r.post('/api/job-alerts/confirm/', {
    schema: {
      tags,
      summary: "The confirmation link's token: the alert starts; answers it and its manage token",
      body: alertTokenBody,
      response: { 200: z.object({ alert: jobAlertManaged, token: z.string() }) },
    },
    handler: (request) => jobAlerts.confirm(request.body.token),
  });

  // The links of an alert's e-mails: read, change, pause or delete it without signing in.
  r.post('/api/job-alerts/manage/', {
    schema: { tags, summary: "An alert, by its e-mails' manage token", body: alertTokenBody, response: { 200: jobAlertManaged } },
    handler: (request) => jobAlerts.manageGet(request.body.token),
  });

  r.patch('/api/job-alerts/manage/', {
    schema: {
      tags,
      summary: "Change or pause an alert by its e-mails' manage token",
      body: jobAlertManagePatch.extend(alertTokenBody.shape),
      response: { 200: jobAlertManaged },
    },
    handler: (request) => {
      const { token, ...patch } = request.body;
      return jobAlerts.managePatch(token, patch);
    },
  });

  r.delete('/api/job-alerts/manage/', {
    schema: { tags, summary: "Delete an alert by its e-mails' manage token", body: alertTokenBody },
    handler: async (request, reply) => {
      await jobAlerts.manageDelete(request.body.token);
      return reply.code(204).send();
    },
  });

  // RFC 8058 one-click unsubscribe: mail programs POST `List-Unsubscribe=One-Click` as a form to the
  // address of the List-Unsubscribe header (the token in its query). The form type is read here only.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
    });
    scope.withTypeProvider<ZodTypeProvider>().post('/api/job-alerts/unsubscribe/', {
      schema: {
        tags,
        summary: "One-click unsubscribe (RFC 8058) with the e-mail's token: in the address (?token=) or a JSON body",
        querystring: alertUnsubscribeQuery,
        response: { 200: jobAlertUnsubscribed },
      },
      handler: (request) => {
        const fromBody = (request.body as { token?: unknown } | undefined)?.token;
        const token = request.query.token ?? (typeof fromBody === 'string' ? fromBody : undefined);
        const parsed = alertTokenBody.shape.token.safeParse(token);
        if (!parsed.success) throw validationError({ token: ['This link is not valid: open it again from the e-mail.'] });
        return jobAlerts.unsubscribe(parsed.data);
      },
    });
  });
}
