import type { AuditEntry } from '@jobportal/shared';
import type { AuditLogRow } from '../../db/schema';

/** An entry as the admin reads it; the actor as they were when they acted. */
export const presentAuditEntry = (row: AuditLogRow): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: row.actorId === null ? null : { id: row.actorId, email: row.actorEmail ?? '', full_name: row.actorName ?? '' },
  action: row.action,
  object_type: row.objectType,
  object_id: row.objectId,
  before: row.before,
  after: row.after,
  request_id: row.requestId,
});
