import { createApi } from '@reduxjs/toolkit/query/react';
import type { Middleware } from 'redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';
import { signedOut } from '../session/session-slice';
import { addLazySlice } from '../store';
import { baseQueryWithRefresh } from './base-query';
import { tagTypes } from './tags';

/**
 * The one API slice. Each server module has one endpoint file, `features/<module>/api/<module>-api.ts`,
 * that adds its calls with `api.injectEndpoints`; the cache tags are the one list of `./tags`.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithRefresh,
  tagTypes,
  endpoints: () => ({}),
});

declare module '../store' {
  export interface LazyLoadedSlices {
    api: ReturnType<typeof api.reducer>;
  }
}

/**
 * What one person fetched is never shown to the next: the end of a session (signing out, or a
 * refresh the server refused) empties the cache. After the current task, so that a call whose
 * refused refresh ended the session still answers its caller first.
 */
const resetOnSignOut: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  if (signedOut.match(action)) setTimeout(() => store.dispatch(api.util.resetApiState()), 0);
  return result;
};

// This module loads with the first screen that fetches: join the store(s) now.
addLazySlice(api.reducerPath, api.reducer, [api.middleware, resetOnSignOut]);

/**
 * Dispatch for the API's thunks outside endpoints (cache patches from live events): the store's own
 * type cannot know the endpoints injected later, and a thunk that reads no state fits any store.
 */
export type ApiDispatch = ThunkDispatch<never, unknown, UnknownAction>;
export const useApiDispatch = useDispatch.withTypes<ApiDispatch>();
