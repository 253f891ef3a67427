import type { PublicConfig } from '@jobportal/shared';
import { api } from '../api/api-slice';

export const defaultProductName = 'Hireloop';

function toPublicConfig(value: unknown): PublicConfig {
  const raw = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return {
    googleClientId: typeof raw.googleClientId === 'string' && raw.googleClientId !== '' ? raw.googleClientId : null,
    productName: typeof raw.productName === 'string' ? raw.productName : defaultProductName,
  };
}

/** What the server tells the browser about this deployment (GET /api/config/). */
export const configApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublicConfig: build.query<PublicConfig, void>({
      query: () => '/config/',
      transformResponse: toPublicConfig,
      keepUnusedDataFor: 60 * 60,
    }),
  }),
});

export const { useGetPublicConfigQuery } = configApi;

export function useProductName(): string {
  const { data } = useGetPublicConfigQuery();
  return data?.productName ?? defaultProductName;
}
