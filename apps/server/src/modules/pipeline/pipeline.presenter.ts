import type { NoteOut, TemplateOut } from '@jobportal/shared';
import type { MessageTemplateRow } from '../../db/schema';
import type { NoteRecord } from './pipeline.repository';

export function presentNote(row: NoteRecord, viewerId: number): NoteOut {
  return {
    id: row.id,
    application: row.applicationId,
    body: row.body,
    author: row.authorId !== null && row.authorName !== null ? { id: row.authorId, full_name: row.authorName } : null,
    mentions: row.mentions,
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
    is_mine: row.authorId === viewerId,
  };
}

export function presentTemplate(row: MessageTemplateRow): TemplateOut {
  return {
    id: row.id,
    name: row.name,
    body: row.body,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A CSV field: quoted when it holds a comma, quote or line break; a leading =, +, - or @ is defused (spreadsheet formulas). */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function presentApplicantsCsv(
  rows: Array<{ id: number; fullName: string; email: string; currentJobTitle: string | null; status: string; appliedAt: Date }>,
): string {
  const lines = [['application_id', 'name', 'email', 'current_job_title', 'status', 'applied_at']];
  for (const r of rows) lines.push([String(r.id), r.fullName, r.email, r.currentJobTitle ?? '', r.status, r.appliedAt.toISOString()]);
  return lines.map((l) => l.map(csvField).join(',')).join('\r\n') + '\r\n';
}
