import { useCallback, useMemo, useState } from 'react';

/** The applicants chosen on the board (by application id), for an action on many at once. */
export interface BoardSelection {
  ids: readonly number[];
  count: number;
  isSelected: (id: number) => boolean;
  toggle: (id: number) => void;
  /** Chooses (or leaves) these at once: "Select all on this page". */
  set: (ids: readonly number[], on: boolean) => void;
  clear: () => void;
}

/** A small piece of state the board fills and a bulk action bar can read (`selection.ids`, `selection.count`). */
export function useBoardSelection(): BoardSelection {
  const [ids, setIds] = useState<readonly number[]>([]);
  const toggle = useCallback((id: number) => setIds((now) => (now.includes(id) ? now.filter((x) => x !== id) : [...now, id])), []);
  const set = useCallback(
    (some: readonly number[], on: boolean) =>
      setIds((now) => (on ? [...new Set([...now, ...some])] : now.filter((x) => !some.includes(x)))),
    [],
  );
  const clear = useCallback(() => setIds([]), []);
  return useMemo(() => {
    const chosen = new Set(ids);
    return { ids, count: ids.length, isSelected: (id: number) => chosen.has(id), toggle, set, clear };
  }, [ids, toggle, set, clear]);
}
