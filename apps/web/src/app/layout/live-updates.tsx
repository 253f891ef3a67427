import { useEffect } from 'react';
import { useStore } from 'react-redux';
import type { ApiDispatch } from '../../lib/api/api-slice';
import { connectChatLive } from '../../features/chat/live/chat-live';
import { useGetNotificationsQuery } from '../../features/notifications/api/notifications-api';
import { connectNotificationsLive } from '../../features/notifications/live/notifications-live';
import { closeLiveSocket, openLiveSocket } from '../../lib/live/live-socket';
import type { AppStore } from '../../lib/store';
import { setTitleCount } from '../../lib/title-count';

/**
 * The signed-in page's live connection (loaded lazily with the bell, never on the sign-in screens):
 * opens the socket, lets the chat and notification caches follow its events, and keeps the unread
 * count in the tab's title. Signing out unmounts it and closes the connection.
 */
export default function LiveUpdates() {
  const store = useStore() as AppStore;
  const { data } = useGetNotificationsQuery();
  const unread = data?.unread_count ?? 0;

  useEffect(() => {
    const socket = openLiveSocket(store);
    const dispatch = store.dispatch as ApiDispatch;
    const stops = [connectChatLive(socket, dispatch), connectNotificationsLive(socket, dispatch)];
    return () => {
      for (const stop of stops) stop();
      closeLiveSocket();
    };
  }, [store]);

  useEffect(() => {
    setTitleCount(unread);
    return () => setTitleCount(0);
  }, [unread]);

  return null;
}
