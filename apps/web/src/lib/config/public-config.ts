import { useEffect, useSyncExternalStore } from 'react';
import type { PublicConfig } from '@jobportal/shared';
import { sendHttp } from '../api/http';

export const defaultProductName = 'Hireloop';

function toPublicConfig(value: unknown): PublicConfig {
  const raw = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return {
    googleClientId: typeof raw.googleClientId === 'string' && raw.googleClientId !== '' ? raw.googleClientId : null,
    productName: typeof raw.productName === 'string' ? raw.productName : defaultProductName,
    searchDelaySeconds: typeof raw.searchDelaySeconds === 'number' ? raw.searchDelaySeconds : 0,
  };
}

// What the server tells the browser about this deployment (GET /api/config/): read once per page
// load, by the header and the sign-in screens alike. Outside the store on purpose: the header is on
// every first load, and the API cache (RTK Query) is not (docs/decisions/004).
let config: PublicConfig | undefined;
let loading = false;
const listeners = new Set<() => void>();

async function load() {
  if (config || loading) return;
  loading = true;
  const result = await sendHttp('/config/');
  loading = false;
  // A failed read leaves the defaults and is tried again by the next screen that asks.
  if ('error' in result) return;
  config = toPublicConfig(result.data);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The deployment's public configuration; undefined until it has arrived. */
export function usePublicConfig(): PublicConfig | undefined {
  const value = useSyncExternalStore(subscribe, () => config);
  useEffect(() => {
    void load();
  }, []);
  return value;
}

export function useProductName(): string {
  return usePublicConfig()?.productName ?? defaultProductName;
}

/** Tests: forget what was read, as a new page load would. */
export function forgetPublicConfig() {
  config = undefined;
  loading = false;
}
