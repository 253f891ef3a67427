import type { AuditEntry, AuditQuery } from '@jobportal/shared';
import type { Db } from '../../db/client';
import { presentAuditEntry } from './audit.presenter';
import * as repo from './audit.repository';

/** Reading the audit log (admins only, checked by the route). Writers call recordAudit in their own transaction. */
export function createAuditService({ db }: { db: Db }) {
  return {
    async list(q: AuditQuery): Promise<{ rows: AuditEntry[]; total: number }> {
      const { rows, total } = await repo.findAuditEntries(db, q);
      return { rows: rows.map(presentAuditEntry), total };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
