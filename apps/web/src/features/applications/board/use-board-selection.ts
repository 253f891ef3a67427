import { useCallback, useMemo, useState } from 'react';

/** The applicants chosen on the board (by application id), for an action on many at once. */
export interface BoardSelection {
  ids: readonly number[];
  count: number;
  isSelected: (id: number) => boolean;
  toggle: (id: number) => void;
  clear: () => void;
}

/** A small piece of state the board fills and a bulk action bar can read (`selection.ids`, `selection.count`). */
export function useBoardSelection(): BoardSelection {
  const [ids, setIds] = useState<readonly number[]>([]);
  const toggle = useCallback((id: number) => setIds((now) => (now.includes(id) ? now.filter((x) => x !== id) : [...now, id])), []);
  const clear = useCallback(() => setIds([]), []);
  return useMemo(() => {
    const chosen = new Set(ids);
    return { ids, count: ids.length, isSelected: (id: number) => chosen.has(id), toggle, clear };
  }, [ids, toggle, clear]);
}
