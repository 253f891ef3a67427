import type { AuditEntry, Paginated } from '@jobportal/shared';
import { api } from '../../../lib/api/api-slice';

/** What the audit list asks for: the API's own query keys; `since`/`until` as ISO date-times. */
export interface AuditListArgs {
  page: number;
  page_size: number;
  actor?: number;
  actor_email?: string;
  action?: string;
  object_type?: string;
  object_id?: string;
  since?: string;
  until?: string;
}

export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAuditEntries: build.query<Paginated<AuditEntry>, AuditListArgs>({
      query: (args) => ({
        url: '/admin/audit/',
        params: Object.fromEntries(Object.entries(args).filter(([, value]) => value !== undefined && value !== '')),
      }),
      providesTags: [{ type: 'Audit', id: 'LIST' }],
    }),
  }),
});

export const { useListAuditEntriesQuery } = auditApi;
