import { api } from './api-slice';
import { apiBaseUrl } from './http';

/**
 * Images only their owner and admins may see (the logo of a company not yet approved): an <img>
 * sends no bearer token, so they are fetched through the API client and shown from a blob URL,
 * which is released when the cache entry goes.
 */
export const protectedImageApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProtectedImage: build.query<string, string>({
      query: (url) => ({
        url: url.startsWith(`${apiBaseUrl}/`) ? url.slice(apiBaseUrl.length) : url,
        responseHandler: async (response) =>
          response.ok ? URL.createObjectURL(await response.blob()) : ((await response.json()) as unknown),
      }),
      async onCacheEntryAdded(_url, { cacheDataLoaded, cacheEntryRemoved }) {
        try {
          const { data } = await cacheDataLoaded;
          await cacheEntryRemoved;
          URL.revokeObjectURL(data);
        } catch {
          // The image never loaded: nothing to release.
        }
      },
    }),
  }),
});

export const { useGetProtectedImageQuery } = protectedImageApi;
