import { auditCompanyKeys, auditPersonKeys, type AuditEntry, type AuditValues } from '@jobportal/shared';
import type { AuditLogRow } from '../../db/schema';

/** Names the reader may see, by id: people (accounts) and companies. */
export interface AuditNames {
  people: Map<number, string>;
  companies: Map<number, string>;
}

// Entries whose object is an account: the object id is a user id.
const personObjects = new Set(['user', 'team_member']);

const idsAt = (values: AuditValues | null, keys: readonly string[]) =>
  keys.map((key) => values?.[key]).filter((v): v is number => Number.isSafeInteger(v) && (v as number) > 0);

/** The ids the entries name: their objects when accounts, and the values that hold a person or a company. */
export function referencedIds(rows: AuditLogRow[]): { people: Set<number>; companies: Set<number> } {
  const people = new Set<number>();
  const companies = new Set<number>();
  for (const row of rows) {
    if (personObjects.has(row.objectType) && /^\d+$/.test(row.objectId)) people.add(Number(row.objectId));
    for (const values of [row.before, row.after]) {
      for (const id of idsAt(values, auditPersonKeys)) people.add(id);
      for (const id of idsAt(values, auditCompanyKeys)) companies.add(id);
    }
  }
  return { people, companies };
}

/** An entry as the admin reads it; the actor as they were when they acted, the others it names as they are now. */
export function presentAuditEntry(row: AuditLogRow, names: AuditNames): AuditEntry {
  const { people, companies } = referencedIds([row]);
  const named = (ids: Set<number>, known: Map<number, string>) =>
    [...ids].flatMap((id) => {
      const name = known.get(id);
      return name === undefined ? [] : [{ id, name }];
    });
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actorId === null ? null : { id: row.actorId, email: row.actorEmail ?? '', full_name: row.actorName ?? '' },
    action: row.action,
    object_type: row.objectType,
    object_id: row.objectId,
    before: row.before,
    after: row.after,
    request_id: row.requestId,
    names: { people: named(people, names.people), companies: named(companies, names.companies) },
  };
}
