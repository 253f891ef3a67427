import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { EventBus } from '../../lib/events';
import type { Mailer } from '../../lib/mail';
import { createBulkService } from './bulk.service';
import { createNotesService } from './notes.service';
import { createTemplatesService } from './templates.service';
import { createTimelineService } from './timeline.service';

/** The hiring pipeline's services (issue #50), built together for its routes. */
export function createPipelineServices(deps: { db: Db; events: EventBus; mailer: Mailer; log: FastifyBaseLogger }) {
  return {
    notes: createNotesService(deps),
    templates: createTemplatesService(deps),
    bulk: createBulkService(deps),
    timeline: createTimelineService(deps),
  };
}
