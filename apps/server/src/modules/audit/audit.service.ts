import type { AuditEntry, AuditQuery } from '@jobportal/shared';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/access';
import { can } from '../../policies/policy';
import { presentAuditEntry, referencedIds } from './audit.presenter';
import * as repo from './audit.repository';

/** Reading the audit log (admins only, checked by the route). Writers call recordAudit in their own transaction. */
export function createAuditService({ db }: { db: Db }) {
  return {
    /**
     * A page of entries, each with the names of the people and companies it names by id, so that
     * nobody reads "interviewer 12"; only names the reader may see (accounts, companies) are added.
     */
    async list(viewer: Viewer, q: AuditQuery): Promise<{ rows: AuditEntry[]; total: number }> {
      const { rows, total } = await repo.findAuditEntries(db, q);
      const ids = referencedIds(rows);
      const [people, companies] = await Promise.all([
        can(viewer, 'user.view', undefined) ? repo.findPeopleNames(db, [...ids.people]) : [],
        repo.findCompanyNames(db, [...ids.companies]),
      ]);
      const visible = companies.filter((c) => can(viewer, 'company.view', { id: c.id, isApproved: c.isApproved }));
      const names = { people: new Map(people.map((p) => [p.id, p.name])), companies: new Map(visible.map((c) => [c.id, c.name])) };
      return { rows: rows.map((row) => presentAuditEntry(row, names)), total };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
