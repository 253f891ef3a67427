import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditObjectType, AuditQuery, AuditValues } from '@jobportal/shared';
import type { Db } from '../../db/client';
import { auditLog, companies, users, type AuditLogRow } from '../../db/schema';
import type { Viewer } from '../../lib/access';
import { offsetOf } from '../../lib/pagination';

/** One change to record: who, what, on which object, and the values that changed. */
export interface AuditRecord {
  /** Who did it (a Viewer fits: its user and request ids); null for the system. */
  by: Pick<Viewer, 'userId' | 'requestId'> | null;
  action: AuditAction;
  objectType: AuditObjectType;
  objectId: string | number;
  /** Only the meaningful values (`{status: 'applied'}`), not whole rows. */
  before?: AuditValues | null;
  after?: AuditValues | null;
}

const jsonbOf = (values: AuditValues | null | undefined) => (values ? sql`${JSON.stringify(values)}::jsonb` : sql`null`);

/**
 * Appends one entry to the audit log. Pass the transaction that makes the change, so the entry
 * exists exactly when the change does. The actor's e-mail and name are copied from users in the
 * same statement: the entry keeps them after the user is renamed or deleted.
 */
export async function recordAudit(db: Db, entry: AuditRecord): Promise<void> {
  const actorId = entry.by?.userId ?? null;
  await db.execute(sql`
    insert into ${auditLog} (actor_id, actor_email, actor_name, action, object_type, object_id, before, after, request_id)
    select ${actorId}::integer, u.email, u.full_name, ${entry.action}, ${entry.objectType}, ${String(entry.objectId)},
           ${jsonbOf(entry.before)}, ${jsonbOf(entry.after)}, ${entry.by?.requestId ?? null}::text
    from (select 1) as one
    left join users u on u.id = ${actorId}::integer`);
}

/** A page of entries matching the filters, newest first, with the count of all that match. */
export async function findAuditEntries(db: Db, q: AuditQuery): Promise<{ rows: AuditLogRow[]; total: number }> {
  const filters: SQL[] = [];
  if (q.actor !== undefined) filters.push(eq(auditLog.actorId, q.actor));
  if (q.actor_email) filters.push(eq(auditLog.actorEmail, q.actor_email));
  if (q.action) filters.push(eq(auditLog.action, q.action));
  if (q.object_type) filters.push(eq(auditLog.objectType, q.object_type));
  if (q.object_id) filters.push(eq(auditLog.objectId, q.object_id));
  if (q.since) filters.push(gte(auditLog.at, q.since));
  if (q.until) filters.push(lt(auditLog.at, q.until));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [totals]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(q.page_size).offset(offsetOf(q)),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** The names of these accounts as they are now (a deleted account is absent). */
export async function findPeopleNames(db: Db, ids: number[]): Promise<Array<{ id: number; name: string }>> {
  if (!ids.length) return [];
  return db.select({ id: users.id, name: users.fullName }).from(users).where(inArray(users.id, ids));
}

/** The names of these companies as they are now, with what the access policy reads of them. */
export async function findCompanyNames(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: companies.id, name: companies.name, isApproved: companies.isApproved })
    .from(companies)
    .where(inArray(companies.id, ids));
}
