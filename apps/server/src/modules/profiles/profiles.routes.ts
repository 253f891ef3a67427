import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { jobseekerIdParam, profileOut, profileUpdate } from '@jobportal/shared';
import type { UploadedFileRow } from '../../db/schema';
import { viewerOf } from '../../lib/access';
import { attachmentDisposition, documentRule, imageRule, readMultipartForm } from '../../lib/uploads';
import { parseInput } from '../../lib/validation';
import type { ProfilesService } from './profiles.service';

const tags = ['profiles'];
const security = [{ bearerAuth: [] }];
export const photoMaxBytes = 2 * 1024 * 1024;
export const resumeMaxBytes = 5 * 1024 * 1024;
/** Room for the longest lists the contract allows, sent as JSON text. */
const profileFieldMaxBytes = 256 * 1024;

/**
 * Sends a stored file to a viewer already checked: never sniffed by the browser, never cached by
 * shared caches; documents as downloads under their cleaned original name.
 */
export function sendStoredFile(reply: FastifyReply, file: UploadedFileRow, data: Buffer, disposition: 'inline' | 'attachment') {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', disposition === 'attachment' ? attachmentDisposition(file.originalName) : 'inline')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(data);
}

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
        '"profile_photo" (JPEG, PNG or WebP up to 2 MB) and "resume" (PDF or DOCX up to 5 MB). A list sent replaces the stored list.',
      consumes: ['application/json', 'multipart/form-data'],
      response: { 200: profileOut },
    },
    handler: async (request) => {
      const viewer = viewerOf(request);
      if (!request.isMultipart())
        return profiles.update(viewer, parseInput(profileUpdate, request.body === undefined ? {} : request.body), {});
      const form = await readMultipartForm(
        request,
        { profile_photo: imageRule(photoMaxBytes, 'photo'), resume: documentRule(resumeMaxBytes, 'resume') },
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
      response: { 200: profileOut },
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
        return sendStoredFile(reply, file, data, kind === 'resume' ? 'attachment' : 'inline');
      },
    });
  }
}
