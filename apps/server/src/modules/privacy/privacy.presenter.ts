import type { DataExportOut } from '@jobportal/shared';
import type { DataExportRow } from '../../db/schema';

/** An export as its owner sees it: its state, and the download path while the zip is there. */
export function presentExport(row: DataExportRow): DataExportOut {
  const isReady = row.status === 'ready' && row.storageKey !== null;
  return {
    id: row.id,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    ready_at: row.readyAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    size_bytes: row.sizeBytes,
    download_url: isReady ? `/api/account/exports/${row.id}/download/` : null,
  };
}
