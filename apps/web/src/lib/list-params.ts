import { useSearchParams } from 'react-router';

export type ListParamChanges = Record<string, string | number | null | undefined>;

const pageFrom = (raw: string | null) => {
  const page = Number(raw);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/**
 * A list's page and filters kept in the address (`?status=open&search=…&page=2`), so a list can
 * be shared, bookmarked and restored with the back button. `history: 'push'` makes each change a
 * new history entry; the default replaces the current one.
 */
export function useListParams({ history = 'replace' }: { history?: 'replace' | 'push' } = {}) {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));

  /**
   * Sets each given key (an empty value removes it). A change goes back to page 1 unless it
   * names the page, or `keepPage` says it is not a new list (opening a drawer, say).
   */
  const update = (changes: ListParamChanges, { keepPage = false }: { keepPage?: boolean } = {}) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (key === 'page') continue;
          if (value === null || value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        if ('page' in changes) {
          const wanted = Number(changes.page);
          if (Number.isInteger(wanted) && wanted > 1) next.set('page', String(wanted));
          else next.delete('page');
        } else if (!keepPage) {
          next.delete('page');
        }
        return next;
      },
      { replace: history === 'replace' },
    );
  };

  return { params, page, update };
}
