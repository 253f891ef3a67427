import type { ChatMessageList, ChatMessageOut, ChatReadOut, ChatRoomCreate, ChatRoomList, ChatRoomOut } from '@jobportal/shared';
import { api } from '../../../lib/api/api-slice';
import type { ApiError } from '../../../lib/api/api-error';
import type { HttpArgs } from '../../../lib/api/http';

/** A message as the room shows it: the server's, or one of ours still on its way (temporary negative id). */
export interface ShownMessage extends ChatMessageOut {
  /** Ours, not stored yet: 'sending', or 'failed' (shown with "Not sent, retry"; resent when back online). */
  delivery?: 'sending' | 'failed';
}
/** A room's messages, oldest first, as far back as paged. */
export interface RoomMessages {
  messages: ShownMessage[];
  hasOlder: boolean;
}

export const messagesPageSize = 30;

/** Adds or replaces messages (by id, or a temporary one by its client_id), keeping them in order. */
export function mergeMessages(list: RoomMessages, incoming: readonly ShownMessage[]): void {
  for (const message of incoming) {
    const same = list.messages.findIndex(
      (m) => m.id === message.id || (message.client_id !== null && m.client_id === message.client_id && m.sender.id === message.sender.id),
    );
    if (same >= 0) {
      const current = list.messages[same]!;
      // A stored message never goes back to a temporary one.
      if (message.delivery && !current.delivery) continue;
      // A read receipt that came first (over the socket) outlives an older copy (the HTTP answer).
      list.messages[same] = { ...message, read_at: message.read_at ?? (current.id === message.id ? current.read_at : null) };
    } else list.messages.push(message);
  }
  list.messages.sort((a, b) => (a.delivery ? 1 : 0) - (b.delivery ? 1 : 0) || a.id - b.id);
}

type Run = (args: HttpArgs) => Promise<{ data?: unknown; error?: unknown }>;

/**
 * Chat (server module `chat`; decisions.md "Chat and live events"). Tags: 'ChatRooms' (the list),
 * 'ChatRoom' (a room id). The live layer (features/chat/live) patches these caches as events arrive.
 */
export const chatApi = api.injectEndpoints({
  endpoints: (build) => ({
    getChatRooms: build.query<ChatRoomList, void>({
      query: () => ({ url: '/chatrooms/', params: { page_size: 100 } }),
      providesTags: ['ChatRooms'],
    }),
    getChatRoom: build.query<ChatRoomOut, number>({
      query: (id) => `/chatrooms/${id}/`,
      providesTags: (_r, _e, id) => [{ type: 'ChatRoom', id }],
    }),
    /** The newest page; older pages and catch-up are merged into this cache entry. */
    getChatMessages: build.query<RoomMessages, number>({
      query: (roomId) => ({ url: `/chatrooms/${roomId}/messages/`, params: { page_size: messagesPageSize } }),
      transformResponse: (page: ChatMessageList): RoomMessages => ({ messages: [...page.results].reverse(), hasOlder: page.next !== null }),
      providesTags: (_r, _e, roomId) => [{ type: 'ChatRoom', id: roomId }],
    }),
    /** A page of older messages, or the ones after the last we have (after a reconnection). */
    getMessagesPage: build.query<ChatMessageList, { roomId: number; before?: number; after?: number }>({
      query: ({ roomId, before, after }) => ({
        url: `/chatrooms/${roomId}/messages/`,
        params: { page_size: messagesPageSize, before, after },
      }),
      keepUnusedDataFor: 0,
    }),
    /**
     * Opens the pair's conversation (spec section 4): a 400 `existing_room` is success, the room it
     * names is opened.
     */
    openChatRoom: build.mutation<ChatRoomOut, ChatRoomCreate>({
      async queryFn(body, _api, _extra, baseQuery) {
        const run = baseQuery as unknown as Run;
        const created = await run({ url: '/chatrooms/', method: 'POST', body });
        if (!created.error) return { data: created.data as ChatRoomOut };
        const error = created.error as ApiError;
        if (error.code !== 'existing_room' || error.existingRoom === undefined) return { error };
        const existing = await run({ url: `/chatrooms/${error.existingRoom}/` });
        return existing.error ? { error: existing.error as ApiError } : { data: existing.data as ChatRoomOut };
      },
      invalidatesTags: (_r, error) => (error ? [] : ['ChatRooms']),
    }),
    getOrCreateChatRoom: build.mutation<ChatRoomOut, ChatRoomCreate>({
      query: (body) => ({ url: '/chatrooms/get_or_create/', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : ['ChatRooms']),
    }),
    sendChatMessage: build.mutation<ChatMessageOut, { roomId: number; content: string; clientId: string }>({
      query: ({ roomId, content, clientId }) => ({
        url: `/chatrooms/${roomId}/messages/`,
        method: 'POST',
        body: { content, client_id: clientId },
      }),
      // Shown at once with a temporary id; replaced by the stored one, or kept with "Not sent, retry".
      async onQueryStarted({ roomId, content, clientId }, { dispatch, queryFulfilled, getState }) {
        const me = (getState() as unknown as { session: { userid: number | null; full_name: string | null } }).session;
        const temporary: ShownMessage = {
          id: -Date.now(),
          room: roomId,
          sender: { id: me.userid ?? 0, full_name: me.full_name ?? '' },
          content: content.trim(),
          client_id: clientId,
          created_at: new Date().toISOString(),
          read_at: null,
          delivery: 'sending',
        };
        const patch = (change: (list: RoomMessages) => void) => dispatch(chatApi.util.updateQueryData('getChatMessages', roomId, change));
        patch((list) => {
          const earlier = list.messages.find((m) => m.client_id === clientId && m.delivery);
          if (earlier) earlier.delivery = 'sending';
          else mergeMessages(list, [temporary]);
        });
        try {
          const { data } = await queryFulfilled;
          patch((list) => mergeMessages(list, [data]));
        } catch {
          patch((list) => {
            const mine = list.messages.find((m) => m.client_id === clientId && m.delivery);
            if (mine) mine.delivery = 'failed';
          });
        }
      },
    }),
    markChatRead: build.mutation<ChatReadOut, { roomId: number; upTo: number }>({
      query: ({ roomId, upTo }) => ({ url: `/chatrooms/${roomId}/read/`, method: 'POST', body: { up_to: upTo } }),
    }),
  }),
});

export const {
  useGetChatRoomsQuery,
  useGetChatRoomQuery,
  useGetChatMessagesQuery,
  useLazyGetMessagesPageQuery,
  useOpenChatRoomMutation,
  useGetOrCreateChatRoomMutation,
  useSendChatMessageMutation,
  useMarkChatReadMutation,
} = chatApi;
