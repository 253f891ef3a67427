import type { AppDispatch } from '../store';
import { readSession, sessionKeys } from './session';
import { sessionReplacedFromStorage } from './session-slice';

const watchedKeys = new Set<string>(Object.values(sessionKeys));

/**
 * Signing in or out (or a token refresh) in one tab reaches the others, so a second tab never
 * presents a refresh token that the first one has already rotated.
 */
export function watchSessionInOtherTabs(dispatch: AppDispatch): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== window.localStorage) return;
    if (event.key !== null && !watchedKeys.has(event.key)) return;
    dispatch(sessionReplacedFromStorage(readSession()));
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
