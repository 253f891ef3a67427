import { io, type Socket } from 'socket.io-client';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import type { ClientToServerEvents, ServerToClientEvents, SocketRefusal } from '@jobportal/shared';
import { refreshOnce } from '../api/base-query';
import type { AppStore } from '../store';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let current: LiveSocket | null = null;
const connectionListeners = new Set<(isConnected: boolean) => void>();

/**
 * The one live connection of the page (Socket.IO at /socket.io/, decisions.md "Chat and live
 * events"), opened once signed in. It loads lazily, so socket.io-client never weighs on the sign-in
 * screens. Every (re)connection reads the current access token; a refused token is refreshed once
 * (the same shared refresh as the API's) and the connection tried again.
 */
export function openLiveSocket(store: AppStore): LiveSocket {
  if (current) return current;
  const socket: LiveSocket = io({
    path: '/socket.io/',
    auth: (send) => send({ token: store.getState().session.accessToken }),
    transports: ['websocket', 'polling'],
  });
  socket.on('connect_error', (error) => {
    const refusal = (error as Error & { data?: SocketRefusal }).data;
    if (!refusal || socket.active) return;
    if (refusal.code === 'token_expired' || refusal.code === 'token_invalid') {
      const api = { getState: store.getState, dispatch: store.dispatch } as unknown as BaseQueryApi;
      void refreshOnce(api).then((outcome) => {
        if (outcome === 'refreshed') socket.connect();
      });
    }
  });
  // Cut by the server (session ended, or deactivated): try once more; a dead session is refused above.
  socket.on('disconnect', (reason) => {
    for (const listener of connectionListeners) listener(false);
    if (reason === 'io server disconnect' && store.getState().session.accessToken) {
      const api = { getState: store.getState, dispatch: store.dispatch } as unknown as BaseQueryApi;
      void refreshOnce(api).then((outcome) => {
        if (outcome === 'refreshed') socket.connect();
      });
    }
  });
  socket.on('connect', () => {
    for (const listener of connectionListeners) listener(true);
  });
  current = socket;
  return socket;
}

/** The live connection when open (screens that emit typing or listen for it). */
export function liveSocket(): LiveSocket | null {
  return current;
}

/** Calls back on every connection (true) and disconnection (false); answers the unsubscribe. */
export function onLiveConnection(listener: (isConnected: boolean) => void): () => void {
  connectionListeners.add(listener);
  return () => connectionListeners.delete(listener);
}

export function closeLiveSocket(): void {
  current?.close();
  current = null;
}
