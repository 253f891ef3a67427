import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileKinds, formatFileLimit, jobseekerIdParam, jobseekerProfileOut, profileOut, profileUpdate } from '@jobportal/shared';
import { viewerOf } from '../../lib/access';
import { parseInput } from '../../lib/validation';
import { readMultipartForm, sendStoredFile } from '../files';
import type { ProfilesService } from './profiles.service';

const tags = ['profiles'];
const security = [{ bearerAuth: [] }];
/** Room for the longest lists the contract allows, sent as JSON text. */
const profileFieldMaxBytes = 256 * 1024;

export function profilesRoutes(app: FastifyInstance, { profiles }: { profiles: ProfilesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const jobseekerOnly = app.requireRole('jobseeker');

  r.get('/api/jobseek/profile/', {
    onRequest: jobseekerOnly,
    schema: {
      tags,
      security,
      summary: "The job seeker's own profile (made on first use), with completeness",
      response: { 200: profileOut },
    },
    handler: (request) => profiles.getOwn(viewerOf(request)),
  });

  r.put('/api/jobseek/profile/', {
    onRequest: jobseekerOnly,
    schema: {
      tags,
      security,
      summary:
        'Update the profile: plain JSON, or multipart/form-data with the lists as JSON text and optional files ' +
        `"profile_photo" (${fileKinds.photo.typesLabel} up to ${formatFileLimit(fileKinds.photo.maxBytes)}) and ` +
        `"resume" (${fileKinds.resume.typesLabel} up to ${formatFileLimit(fileKinds.resume.maxBytes)}). A list sent replaces the stored list.`,
      consumes: ['application/json', 'multipart/form-data'],
      response: { 200: profileOut },
    },
    handler: async (request) => {
      const viewer = viewerOf(request);
      if (!request.isMultipart())
        return profiles.update(viewer, parseInput(profileUpdate, request.body === undefined ? {} : request.body), {});
      const form = await readMultipartForm(
        request,
        { profile_photo: 'photo', resume: 'resume' },
        { maxFieldBytes: profileFieldMaxBytes, maxFields: 20 },
      );
      const input = parseInput(profileUpdate, form.fields);
      return profiles.update(viewer, input, { photo: form.files.profile_photo, resume: form.files.resume });
    },
  });

  r.get('/api/jobseekers/:id/', {
    onRequest: app.requireRole('employer', 'admin'),
    schema: {
      tags,
      security,
      summary: 'A job seeker profile: for admins, and for employers the job seeker applied to (404 for others)',
      params: jobseekerIdParam,
      response: { 200: jobseekerProfileOut },
    },
    handler: (request) => profiles.getForViewer(viewerOf(request), request.params.id),
  });

  for (const kind of ['resume', 'photo'] as const) {
    r.get(`/api/jobseekers/:id/${kind}/`, {
      onRequest: app.identifyViewer,
      schema: {
        tags,
        summary: `The job seeker's ${kind}: for the job seeker, admins and employers the job seeker applied to (404 for others)`,
        params: jobseekerIdParam,
      },
      handler: async (request, reply) => {
        const { file, data } = await profiles.getFile(request.viewer, request.params.id, kind);
        // Resumes download under their cleaned name; photos show inline.
        return sendStoredFile(reply, {
          contentType: file.contentType,
          data,
          downloadName: kind === 'resume' ? file.originalName : undefined,
        });
      },
    });
  }
}
