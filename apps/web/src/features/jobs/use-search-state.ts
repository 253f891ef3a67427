import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseSearchState, serialiseSearchState, type SearchState } from './search-state';

/**
 * The search as the address holds it, and a way to change it. Each change is a new history entry,
 * so the back button walks back through searches and from a job to its results.
 */
export function useSearchState() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // The string is the identity of the search: a new params object with the same text is the same search.
  const state = useMemo(() => parseSearchState(new URLSearchParams(key)), [key]);
  const go = useCallback((next: SearchState) => setParams(serialiseSearchState(next)), [setParams]);
  return { state, go };
}
