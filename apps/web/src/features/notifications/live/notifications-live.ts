import type { LiveSocket } from '../../../lib/live/live-socket';
import type { ApiDispatch } from '../../../lib/api/api-slice';
import { bellPageSize, notificationsApi } from '../api/notifications-api';

/**
 * Keeps the bell live: every notification row reaches its user as `notification:new` (the server
 * pushes each row once, whichever module wrote it), and reads in another tab arrive as
 * `notification:read`. After a reconnection the bell is read again.
 */
export function connectNotificationsLive(socket: LiveSocket, dispatch: ApiDispatch): () => void {
  socket.on('notification:new', (notification) => {
    dispatch(
      notificationsApi.util.updateQueryData('getNotifications', undefined, (list) => {
        if (list.results.some((n) => n.id === notification.id)) return;
        list.results.unshift(notification);
        list.results.splice(bellPageSize);
        list.count += 1;
        if (!notification.is_read) list.unread_count += 1;
      }),
    );
    dispatch(notificationsApi.util.invalidateTags([{ type: 'Notifications', id: 'PAGE' }]));
  });
  socket.on('notification:read', ({ id }) => {
    let isShown = id === 'all';
    dispatch(
      notificationsApi.util.updateQueryData('getNotifications', undefined, (list) => {
        isShown ||= list.results.some((n) => n.id === id);
        for (const n of list.results) {
          if ((id === 'all' || n.id === id) && !n.is_read) {
            n.is_read = true;
            list.unread_count = Math.max(0, list.unread_count - 1);
          }
        }
        if (id === 'all') list.unread_count = 0;
      }),
    );
    // One older than the bell shows: only a fresh read gives the right unread count.
    dispatch(notificationsApi.util.invalidateTags(isShown ? [{ type: 'Notifications', id: 'PAGE' }] : ['Notifications']));
  });
  const onReconnect = () => {
    if (!socket.recovered) dispatch(notificationsApi.util.invalidateTags(['Notifications']));
  };
  socket.on('connect', onReconnect);
  return () => {
    socket.off('notification:new');
    socket.off('notification:read');
    socket.off('connect', onReconnect);
  };
}
