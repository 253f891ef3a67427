import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bulkRequest,
  bulkResult,
  idParam,
  noteBody,
  noteList,
  noteOut,
  templateInput,
  templateList,
  templateOut,
  templateParams,
  templatePatch,
  timelineOut,
} from '@jobportal/shared';
import { viewerOf } from '../../lib/access';
import type { BulkService } from './bulk.service';
import type { NotesService } from './notes.service';
import type { TemplatesService } from './templates.service';
import type { TimelineService } from './timeline.service';

const tags = ['pipeline'];
const security = [{ bearerAuth: [] }];

export interface PipelineServices {
  notes: NotesService;
  templates: TemplatesService;
  bulk: BulkService;
  timeline: TimelineService;
}

/** The hiring pipeline's calls (issue #50): team notes, message templates, bulk actions, the timeline. */
export function pipelineRoutes(app: FastifyInstance, { notes, templates, bulk, timeline }: PipelineServices) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Signed in, any role: whoever is not on the company's team gets 404 from the policy (the job seeker too).
  const signedIn = app.requireRole();
  const employerOnly = app.requireRole('employer');

  r.get('/api/applications/:id/notes/', {
    onRequest: signedIn,
    schema: {
      tags,
      security,
      summary: "The hiring team's private notes on an application, oldest first (404 for anyone not on the team)",
      params: idParam,
      response: { 200: noteList },
    },
    handler: (request) => notes.list(viewerOf(request), request.params.id),
  });
  r.post('/api/applications/:id/notes/', {
    onRequest: signedIn,
    schema: {
      tags,
      security,
      summary: 'Write a team note; `@Full Name` (or `@First` when unique in the team) mentions a teammate, who is notified',
      params: idParam,
      body: noteBody,
      response: { 201: noteOut },
    },
    handler: async (request, reply) => reply.code(201).send(await notes.create(viewerOf(request), request.params.id, request.body.body)),
  });
  r.patch('/api/application-notes/:id/', {
    onRequest: signedIn,
    schema: {
      tags,
      security,
      summary: 'Edit one of your own notes (teammates newly mentioned are notified)',
      params: idParam,
      body: noteBody,
      response: { 200: noteOut },
    },
    handler: (request) => notes.update(viewerOf(request), request.params.id, request.body.body),
  });
  r.delete('/api/application-notes/:id/', {
    onRequest: signedIn,
    schema: { tags, security, summary: 'Delete one of your own notes', params: idParam },
    handler: async (request, reply) => {
      await notes.remove(viewerOf(request), request.params.id);
      return reply.code(204).send();
    },
  });

  r.get('/api/companies/:id/message-templates/', {
    onRequest: employerOnly,
    schema: { tags, security, summary: "The company's message templates (its team)", params: idParam, response: { 200: templateList } },
    handler: (request) => templates.list(viewerOf(request), request.params.id),
  });
  r.post('/api/companies/:id/message-templates/', {
    onRequest: employerOnly,
    schema: {
      tags,
      security,
      summary: 'Add a message template; placeholders {first_name} and {job_title} (any other {…} is refused). 409 for a name in use',
      params: idParam,
      body: templateInput,
      response: { 201: templateOut },
    },
    handler: async (request, reply) => reply.code(201).send(await templates.create(viewerOf(request), request.params.id, request.body)),
  });
  r.patch('/api/companies/:id/message-templates/:template/', {
    onRequest: employerOnly,
    schema: {
      tags,
      security,
      summary: 'Change a message template',
      params: templateParams,
      body: templatePatch,
      response: { 200: templateOut },
    },
    handler: (request) => templates.update(viewerOf(request), request.params.id, request.params.template, request.body),
  });
  r.delete('/api/companies/:id/message-templates/:template/', {
    onRequest: employerOnly,
    schema: { tags, security, summary: 'Delete a message template', params: templateParams },
    handler: async (request, reply) => {
      await templates.remove(viewerOf(request), request.params.id, request.params.template);
      return reply.code(204).send();
    },
  });

  r.post('/api/jobs/:id/applicants/bulk/', {
    onRequest: employerOnly,
    schema: {
      tags,
      security,
      summary:
        'Act on many applicants of the job at once, all or nothing: `move` (to `status`), `reject` (with `template` or `message`, ' +
        'sent by `channel`: chat, email or both) or `export` (the CSV in `csv`). A refused move refuses the whole action: 400 with each id\'s reason in `fields["ids.<id>"]`',
      params: idParam,
      body: bulkRequest,
      response: { 200: bulkResult },
    },
    handler: (request) => bulk.act(viewerOf(request), request.params.id, request.body),
  });

  r.get('/api/applications/:id/timeline/', {
    onRequest: signedIn,
    schema: {
      tags,
      security,
      summary:
        "An application's timeline (applied, first viewed by the company, every move, interviews): the job seeker and the company. A company member's first look is recorded",
      params: idParam,
      response: { 200: timelineOut },
    },
    handler: (request) => timeline.get(viewerOf(request), request.params.id),
  });
}
