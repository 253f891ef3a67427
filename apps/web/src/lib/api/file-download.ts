import { api } from './api-slice';
import { apiBaseUrl } from './http';

/**
 * Files served only with the bearer token (resumes): a plain link carries no token, so the file
 * is fetched through the API client and saved from a blob URL.
 */
const fileDownloadApi = api.injectEndpoints({
  endpoints: (build) => ({
    fetchProtectedFile: build.mutation<string, string>({
      query: (url) => ({
        url: url.startsWith(`${apiBaseUrl}/`) ? url.slice(apiBaseUrl.length) : url,
        responseHandler: async (response) =>
          response.ok ? URL.createObjectURL(await response.blob()) : ((await response.json()) as unknown),
      }),
    }),
  }),
});

export const { useFetchProtectedFileMutation } = fileDownloadApi;

/** Saves a blob URL under a file name, then releases it. */
export function saveBlobUrl(blobUrl: string, fileName: string) {
  const link = document.createElement('a');
  link.href = blobUrl;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(blobUrl), 60_000);
}
