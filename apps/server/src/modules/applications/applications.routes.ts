import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  applicantBoard,
  applicantBoardQuery,
  applicantList,
  applicantOut,
  applicantsQuery,
  applicationList,
  applicationOut,
  applicationStatusChange,
  applicationStatusCheck,
  applyFields,
  fileKinds,
  formatFileLimit,
  idParam,
  myApplicationsQuery,
} from '@jobportal/shared';
import { viewerOf } from '../../lib/access';
import { pageOf } from '../../lib/pagination';
import { parseInput } from '../../lib/validation';
import { readMultipartForm, sendStoredFile } from '../files';
import type { ApplicationsService } from './applications.service';

const tags = ['applications'];
const security = [{ bearerAuth: [] }];

export function applicationsRoutes(app: FastifyInstance, { applications }: { applications: ApplicationsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const jobseekerOnly = app.requireRole('jobseeker');
  const employerOnly = app.requireRole('employer');

  r.post('/api/applications/', {
    onRequest: jobseekerOnly,
    schema: {
      tags,
      security,
      summary:
        'Apply to a public job: multipart/form-data with job, cover_letter, use_profile_resume and a "resume" file ' +
        `(${fileKinds.resume.typesLabel} up to ${formatFileLimit(fileKinds.resume.maxBytes)}) unless use_profile_resume is true. ` +
        '409 when already applied.',
      consumes: ['multipart/form-data', 'application/json'],
      response: { 201: applicationOut },
    },
    handler: async (request, reply) => {
      const viewer = viewerOf(request);
      let fields: unknown = request.body ?? {};
      let resume;
      if (request.isMultipart()) {
        const form = await readMultipartForm(request, { resume: 'resume' }, { maxFieldBytes: 32 * 1024, maxFields: 10 });
        fields = form.fields;
        resume = form.files.resume;
      }
      const input = parseInput(applyFields, fields);
      return reply.code(201).send(await applications.apply(viewer, input, resume));
    },
  });

  r.get('/api/myapplications/', {
    onRequest: jobseekerOnly,
    schema: {
      tags,
      security,
      summary: "The job seeker's own applications, newest first; filter by status, search job title or company",
      querystring: myApplicationsQuery,
      response: { 200: applicationList },
    },
    handler: async (request) => pageOf(request, await applications.listMine(viewerOf(request), request.query)),
  });

  r.get('/api/jobs/:id/check-application-status/', {
    onRequest: jobseekerOnly,
    schema: {
      tags,
      security,
      summary: 'Whether the job seeker has applied to this job, and the application',
      params: idParam,
      response: { 200: applicationStatusCheck },
    },
    handler: (request) => applications.checkStatus(viewerOf(request), request.params.id),
  });

  r.post('/api/applications/:id/withdraw/', {
    onRequest: jobseekerOnly,
    schema: {
      tags,
      security,
      summary: 'Withdraw an own application while it is open (409 once it is hired, rejected or withdrawn)',
      params: idParam,
      response: { 200: applicationOut },
    },
    handler: (request) => applications.withdraw(viewerOf(request), request.params.id),
  });

  r.get('/api/applications/:id/resume/', {
    onRequest: app.identifyViewer,
    schema: { tags, summary: "An application's resume: for the applicant and the job's employer (404 for others)", params: idParam },
    handler: async (request, reply) => {
      const { file, data } = await applications.getResume(request.viewer, request.params.id);
      return sendStoredFile(reply, { contentType: file.contentType, data, downloadName: file.originalName });
    },
  });

  r.get('/api/jobs/:id/applicants/', {
    onRequest: employerOnly,
    schema: {
      tags,
      security,
      summary: "The applicants of the employer's own job: filter by status, search by name, counts per status",
      params: idParam,
      querystring: applicantsQuery,
      response: { 200: applicantList },
    },
    handler: async (request) => pageOf(request, await applications.listApplicants(viewerOf(request), request.params.id, request.query)),
  });

  r.get('/api/jobs/:id/applicants/board/', {
    onRequest: employerOnly,
    schema: {
      tags,
      security,
      summary:
        "The hiring board of the employer's own job in one call: every status column in pipeline order with its count and its first " +
        '`page_size` applicants, newest first; `search` by name as the list. Further pages: the list with `status` and `page`',
      params: idParam,
      querystring: applicantBoardQuery,
      response: { 200: applicantBoard },
    },
    handler: (request) => applications.boardApplicants(viewerOf(request), request.params.id, request.query),
  });

  r.patch('/api/jobs/:id/applications/status/', {
    onRequest: employerOnly,
    schema: {
      tags,
      security,
      summary:
        "Move an application of the employer's job to a status ({id} is the application's id, as the applicant list gives it). " +
        'Forward only, or to rejected from any open state.',
      params: idParam,
      body: applicationStatusChange,
      response: { 200: applicantOut },
    },
    handler: (request) => applications.changeStatus(viewerOf(request), request.params.id, request.body.status),
  });
}
