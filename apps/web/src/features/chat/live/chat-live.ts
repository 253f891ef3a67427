import type { ChatRoomList } from '@jobportal/shared';
import type { LiveSocket } from '../../../lib/live/live-socket';
import type { ApiDispatch } from '../../../lib/api/api-slice';
import { chatApi, mergeMessages } from '../api/chat-api';

/**
 * Keeps the chat caches live: new messages join their room, "Seen" marks arrive, the conversation
 * list re-orders itself. After a reconnection the lists are read again and open rooms catch up from
 * their last message (the room screen asks for `after=<last id>`), so nothing is lost or shown twice.
 */
export function connectChatLive(socket: LiveSocket, dispatch: ApiDispatch): () => void {
  socket.on('message:new', (message) => {
    dispatch(chatApi.util.updateQueryData('getChatMessages', message.room, (list) => mergeMessages(list, [message])));
  });
  socket.on('message:read', ({ room, up_to, read_at }) => {
    dispatch(
      chatApi.util.updateQueryData('getChatMessages', room, (list) => {
        for (const m of list.messages) if (m.id > 0 && m.id <= up_to && m.read_at === null) m.read_at = read_at;
      }),
    );
  });
  socket.on('room:updated', (room) => {
    dispatch(
      chatApi.util.updateQueryData('getChatRooms', undefined, (list: ChatRoomList) => {
        const at = list.results.findIndex((r) => r.id === room.id);
        if (at >= 0) list.results.splice(at, 1);
        else list.count += 1;
        list.results.unshift(room);
      }),
    );
    dispatch(chatApi.util.upsertQueryData('getChatRoom', room.id, room));
  });
  const onReconnect = () => {
    if (socket.recovered) return;
    dispatch(chatApi.util.invalidateTags(['ChatRooms']));
  };
  socket.on('connect', onReconnect);
  return () => {
    socket.off('message:new');
    socket.off('message:read');
    socket.off('room:updated');
    socket.off('connect', onReconnect);
  };
}
