import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountDeleteRequest, dataExportList, dataExportOut, deletionCodeOut, idParam } from '@jobportal/shared';
import { viewerOf } from '../../lib/access';
import { sendStoredFile } from '../files';
import type { PrivacyService } from './privacy.service';

const tags = ['account'];
const security = [{ bearerAuth: [] }];

/** Privacy self-service: "download my data" and "delete my account" (docs/decisions/017-privacy.md). */
export function privacyRoutes(app: FastifyInstance, { privacy }: { privacy: PrivacyService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/account/exports/', {
    onRequest: app.requireRole(),
    schema: {
      tags,
      security,
      summary:
        'Start a copy of everything the portal holds about the caller (202 with its id); made in the background, ' +
        'with a notification and an e-mail when ready. While one is being made, that one is answered.',
      response: { 202: dataExportOut },
    },
    handler: async (request, reply) => reply.code(202).send(await privacy.requestExport(viewerOf(request))),
  });

  r.get('/api/account/exports/', {
    onRequest: app.requireRole(),
    schema: { tags, security, summary: "The caller's exports, newest first, with their state", response: { 200: dataExportList } },
    handler: (request) => privacy.listExports(viewerOf(request)),
  });

  r.get('/api/account/exports/:id/download/', {
    onRequest: app.requireRole(),
    schema: {
      tags,
      security,
      summary: 'The zip of a ready export, for 24 hours, to its owner only (anyone else: 404)',
      params: idParam,
    },
    handler: async (request, reply) => {
      const zip = await privacy.openExport(viewerOf(request), request.params.id);
      return sendStoredFile(reply, { contentType: 'application/zip', data: zip.stream, downloadName: zip.name });
    },
  });

  r.post('/api/account/deletion-code/', {
    onRequest: app.requireRole(),
    schema: {
      tags,
      security,
      summary: 'Mail the caller a code that confirms deleting their account (for accounts without a password, or by choice)',
      response: { 202: deletionCodeOut },
    },
    handler: async (request, reply) => reply.code(202).send(await privacy.sendDeletionCode(viewerOf(request))),
  });

  r.delete('/api/account/', {
    onRequest: app.requireRole(),
    schema: {
      tags,
      security,
      summary:
        "Delete the caller's account, confirmed by {password} or {otp} (204). Sessions and live connections end at once. " +
        'An owner with recruiters names the new owner (new_owner_id); an owner alone confirms delete_company.',
      body: accountDeleteRequest,
    },
    handler: async (request, reply) => {
      await privacy.deleteAccount(viewerOf(request), request.body, request.ip);
      return reply.code(204).send();
    },
  });
}
