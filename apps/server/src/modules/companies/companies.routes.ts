import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  approvalOut,
  companyInput,
  companyList,
  companyListQuery,
  companyOut,
  companyPatch,
  fileKinds,
  formatFileLimit,
  idParam,
} from '@jobportal/shared';
import { authorize } from '../../policies/policy';
import { viewerOf } from '../../lib/access';
import type { PublicReads } from '../../lib/public-reads';
import { pageOf } from '../../lib/pagination';
import { readSingleUpload, sendStoredFile } from '../files';
import type { CompaniesService } from './companies.service';

const tags = ['companies'];
const security = [{ bearerAuth: [] }];

/**
 * preValidation: an employer's request that names `is_approved` at all is refused (403), not
 * silently stripped, so a client that tries to approve itself learns it cannot.
 */
async function refuseApprovalFromNonAdmins(request: FastifyRequest) {
  const body = request.body;
  if (body && typeof body === 'object' && Object.hasOwn(body, 'is_approved')) authorize(request.viewer, 'company.approve', undefined);
}

export function companiesRoutes(app: FastifyInstance, { companies, reads }: { companies: CompaniesService; reads: PublicReads }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const employerOnly = app.requireRole('employer');
  const employerOrAdmin = app.requireRole('employer', 'admin');
  const adminOnly = app.requireRole('admin');

  r.get('/api/companies/', {
    onRequest: app.identifyViewer,
    schema: {
      tags,
      summary: 'Companies: all for admins (pending first), its own for an employer, approved ones for everyone else',
      querystring: companyListQuery,
      response: { 200: companyList },
    },
    handler: async (request) => pageOf(request, await reads.serve(request, () => companies.list(request.viewer, request.query))),
  });

  r.post('/api/companies/', {
    onRequest: employerOnly,
    preValidation: refuseApprovalFromNonAdmins,
    schema: {
      tags,
      security,
      summary: "Submit the employer's company (one per employer)",
      body: companyInput,
      response: { 201: companyOut },
    },
    handler: async (request, reply) => reply.code(201).send(await companies.create(viewerOf(request), request.body)),
  });

  r.get('/api/companies/:id/', {
    onRequest: app.identifyViewer,
    schema: {
      tags,
      summary: 'One company (unapproved ones only to their owner and admins)',
      params: idParam,
      response: { 200: companyOut },
    },
    handler: (request) => reads.serve(request, () => companies.get(request.viewer, request.params.id)),
  });

  r.put('/api/companies/:id/', {
    onRequest: employerOrAdmin,
    preValidation: refuseApprovalFromNonAdmins,
    schema: {
      tags,
      security,
      summary: 'Replace the company details (owner or admin)',
      params: idParam,
      body: companyInput,
      response: { 200: companyOut },
    },
    handler: (request) => companies.replace(viewerOf(request), request.params.id, request.body),
  });

  r.patch('/api/companies/:id/', {
    onRequest: employerOrAdmin,
    preValidation: refuseApprovalFromNonAdmins,
    schema: {
      tags,
      security,
      summary: 'Change some company details (owner or admin); admins approve with {is_approved}',
      params: idParam,
      body: companyPatch,
      response: { 200: companyOut },
    },
    handler: (request) => companies.patch(viewerOf(request), request.params.id, request.body),
  });

  r.delete('/api/companies/:id/', {
    onRequest: employerOrAdmin,
    schema: { tags, security, summary: 'Delete a company and its jobs (its owner, or an admin)', params: idParam },
    handler: async (request, reply) => {
      await companies.remove(viewerOf(request), request.params.id);
      return reply.code(204).send();
    },
  });

  r.post('/api/companies/:id/toggle_approval/', {
    onRequest: adminOnly,
    schema: {
      tags,
      security,
      summary: 'Flip approval (admin); approving e-mails the owner',
      params: idParam,
      response: { 200: approvalOut },
    },
    handler: (request) => companies.toggleApproval(viewerOf(request), request.params.id),
  });

  r.put('/api/companies/:id/logo/', {
    onRequest: employerOrAdmin,
    schema: {
      tags,
      security,
      summary:
        `Upload the logo: multipart field "logo", ${fileKinds.logo.typesLabel} up to ${formatFileLimit(fileKinds.logo.maxBytes)} ` +
        '(415 other types, 413 too large)',
      consumes: ['multipart/form-data'],
      params: idParam,
      response: { 200: companyOut },
    },
    handler: async (request) => {
      const viewer = viewerOf(request);
      await companies.assertWritable(viewer, request.params.id);
      const upload = await readSingleUpload(request, 'logo', 'logo');
      return companies.setLogo(viewer, request.params.id, upload);
    },
  });

  r.get('/api/companies/:id/logo/', {
    onRequest: app.identifyViewer,
    schema: { tags, summary: 'The logo image (approved companies: anyone; others: owner and admins)', params: idParam },
    handler: async (request, reply) => {
      const logo = await companies.getLogo(request.viewer, request.params.id);
      return sendStoredFile(reply, logo);
    },
  });
}
