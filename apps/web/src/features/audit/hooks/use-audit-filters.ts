import { useState } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';
import { limits } from '@jobportal/shared/vocabulary';
import { useListParams } from '../../../lib/list-params';
import type { AuditListArgs } from '../api/audit-api';

/** The filters as the address holds them: `?action=…&object_type=…&object_id=…&actor=12&since=2026-11-01&until=…&page=2`. */
export interface AuditFilters {
  action?: string;
  objectType?: string;
  objectId?: string;
  /** A user id, or (instead) an e-mail: `actor_email`. */
  actor?: string;
  actorEmail?: string;
  /** Days (YYYY-MM-DD) in the viewer's time zone, both included. */
  since?: string;
  until?: string;
}

export const pageSize = limits.pageSizeDefault;

const isDay = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
const isUserId = (value: string): boolean => /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647;
const isEmail = (value: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
const text = (value: string | null) => (value && value.trim() ? value.trim() : undefined);

/** The first instant of a local day, and the last (an inclusive end), as ISO date-times for the API. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00`).toISOString();
const endOfDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(new Date(y, m - 1, d + 1).getTime() - 1).toISOString();
};

/** The end of the range comes before its start: the end is left out of the query and the field says why. */
export const isRangeReversed = (f: AuditFilters) => Boolean(f.since && f.until && f.since > f.until);

/** What the list asks the API for, from the filters in the address. */
export function toListArgs(filters: AuditFilters, page: number): AuditListArgs {
  return {
    page,
    page_size: pageSize,
    action: filters.action,
    object_type: filters.objectType,
    object_id: filters.objectId,
    actor: filters.actor ? Number(filters.actor) : undefined,
    actor_email: filters.actorEmail,
    since: filters.since ? startOfDay(filters.since) : undefined,
    until: filters.until && !isRangeReversed(filters) ? endOfDay(filters.until) : undefined,
  };
}

/** The audit list's filters and page, kept in the address; malformed values are dropped. */
export function useAuditFilters() {
  const { params, page, update } = useListParams();
  const actor = params.get('actor') ?? '';
  const actorEmail = params.get('actor_email') ?? '';
  const since = params.get('since');
  const until = params.get('until');
  const filters: AuditFilters = {
    action: text(params.get('action')),
    objectType: text(params.get('object_type')),
    objectId: text(params.get('object_id')),
    actor: isUserId(actor) ? actor : undefined,
    actorEmail: !isUserId(actor) && isEmail(actorEmail) ? actorEmail : undefined,
    since: isDay(since) ? since : undefined,
    until: isDay(until) ? until : undefined,
  };
  return { filters, page, update };
}

/**
 * The "who" box: a user id or an e-mail. What is typed shows at once; the address follows when
 * typing pauses and the text is a user id or a whole e-mail address (`error` says so otherwise).
 */
export function useActorBox(initial: string, apply: (changes: { actor: string | null; actor_email: string | null }) => void) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const applyText = (raw: string) => {
    const typed = raw.trim();
    if (!typed) apply({ actor: null, actor_email: null });
    else if (isUserId(typed)) apply({ actor: typed, actor_email: null });
    else if (isEmail(typed)) apply({ actor: null, actor_email: typed.toLowerCase() });
    else return setError('Enter a user id (e.g. 12) or a whole e-mail address.');
    setError(null);
  };
  const debounced = useDebouncedCallback(applyText, 400);
  return {
    value,
    error,
    onChange: (next: string) => {
      setValue(next);
      debounced(next);
    },
    /** Shows and applies a value at once (a row's "only this person"). */
    set: (next: string) => {
      debounced.cancel();
      setValue(next);
      applyText(next);
    },
    clear: () => {
      debounced.cancel();
      setValue('');
      setError(null);
    },
  };
}
export type ActorBox = ReturnType<typeof useActorBox>;
