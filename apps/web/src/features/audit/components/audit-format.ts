import { auditActionLabels, auditObjectTypeLabels, type AuditEntry } from '@jobportal/shared';

const has = <T extends object>(record: T, key: string): key is Extract<keyof T, string> => Object.hasOwn(record, key);

/** "Application status changed" for `application.status_changed`; an unknown action as it is. */
export const actionLabel = (action: string) => (has(auditActionLabels, action) ? auditActionLabels[action] : action);

export const objectTypeLabel = (type: string) => (has(auditObjectTypeLabels, type) ? auditObjectTypeLabels[type] : type);

/** The screen an entry's object is kept on, when an admin has one. */
export function objectLink(entry: Pick<AuditEntry, 'object_type' | 'object_id'>): string | null {
  switch (entry.object_type) {
    case 'company':
      return '/companies';
    case 'category':
    case 'skill':
      return '/admin/taxonomy';
    default:
      return null;
  }
}

const fieldLabels: Record<string, string> = { status: 'Status', is_approved: 'Approval', name: 'Name' };
export const fieldLabel = (key: string) => fieldLabels[key] ?? key.replace(/_/g, ' ');

/** One changed value: its field, and what it was and became (undefined: it did not exist). */
export interface AuditChange {
  key: string;
  before: unknown;
  after: unknown;
}

/** The fields an entry's before and after name, in the order they first appear. */
export function changesOf(entry: Pick<AuditEntry, 'before' | 'after'>): AuditChange[] {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return keys.map((key) => ({ key, before: entry.before?.[key], after: entry.after?.[key] }));
}

/** A value in words: approval as Approved/Pending, text as it is, anything else as JSON. */
export function valueText(key: string, value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (key === 'is_approved' && typeof value === 'boolean') return value ? 'Approved' : 'Pending';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
