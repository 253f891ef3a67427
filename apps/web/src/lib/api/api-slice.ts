import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQueryWithRefresh } from './base-query';

/**
 * The one API slice. Features add their calls with `api.injectEndpoints` in their own `api/`
 * folder, and new cache tags with `api.enhanceEndpoints({ addTagTypes })`.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithRefresh,
  tagTypes: ['Users'],
  endpoints: () => ({}),
});
