import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ChatRoomOut } from '@jobportal/shared';
import { useApiDispatch } from '../../../lib/api/api-slice';
import { onLiveConnection } from '../../../lib/live/live-socket';
import { useSession } from '../../../lib/session/use-session';
import {
  chatApi,
  mergeMessages,
  useGetChatMessagesQuery,
  useLazyGetMessagesPageQuery,
  useMarkChatReadMutation,
  useSendChatMessageMutation,
  type RoomMessages,
} from '../api/chat-api';
import { isOwnSide, newClientId } from './chat-format';
import { useTyping } from './chat-room-parts';

/**
 * A conversation's messages and what keeps them right: paging back (the view kept where it was),
 * catching up and resending after a reconnection, marking the other side's messages read while
 * the page is visible, following the newest while near the bottom, typing, and "Seen".
 */
export function useConversation(room: ChatRoomOut, roomId: number) {
  const session = useSession();
  const role = session.role;
  const dispatch = useApiDispatch();
  const query = useGetChatMessagesQuery(roomId);
  const { data, refetch } = query;
  const [fetchPage] = useLazyGetMessagesPageQuery();
  const [sendMessage] = useSendChatMessageMutation();
  const [markRead] = useMarkChatReadMutation();
  const [isLoadingOlder, setLoadingOlder] = useState(false);
  const history = useRef<HTMLDivElement>(null);
  const keepFromBottom = useRef<number | null>(null);
  const wasNearBottom = useRef(true);
  const { typist, signal, clear } = useTyping(roomId);
  const messages = useMemo(() => data?.messages ?? [], [data]);
  const patch = useCallback(
    (change: (list: RoomMessages) => void) => dispatch(chatApi.util.updateQueryData('getChatMessages', roomId, change)),
    [dispatch, roomId],
  );

  const send = useCallback(
    (content: string, clientId = newClientId()) => {
      void sendMessage({ roomId, content, clientId });
    },
    [roomId, sendMessage],
  );

  // Paging back: older messages join at the top and the view stays where it was.
  const loadOlder = useCallback(async () => {
    const oldest = messages.find((m) => !m.delivery);
    if (!data?.hasOlder || !oldest || isLoadingOlder) return;
    setLoadingOlder(true);
    const box = history.current;
    keepFromBottom.current = box ? box.scrollHeight - box.scrollTop : null;
    try {
      const page = await fetchPage({ roomId, before: oldest.id }).unwrap();
      patch((list) => {
        mergeMessages(list, page.results);
        list.hasOlder = page.next !== null;
      });
    } finally {
      setLoadingOlder(false);
    }
  }, [data?.hasOlder, fetchPage, isLoadingOlder, messages, patch, roomId]);

  // After a reconnection: catch up from the last stored message, and send what waited offline.
  useEffect(() => {
    const catchUp = async () => {
      let after = [...messages].reverse().find((m) => !m.delivery)?.id;
      if (after === undefined) return void refetch();
      for (let pages = 0; pages < 20; pages++) {
        const page = await fetchPage({ roomId, after }).unwrap();
        patch((list) => mergeMessages(list, page.results));
        if (!page.next || !page.results.length) break;
        after = page.results[0]!.id;
      }
    };
    const resendWaiting = () => {
      for (const m of messages) if (m.delivery === 'failed' && m.client_id) send(m.content, m.client_id);
    };
    const stop = onLiveConnection((isConnected) => {
      if (!isConnected) return;
      void catchUp().catch(() => undefined);
      resendWaiting();
    });
    window.addEventListener('online', resendWaiting);
    return () => {
      stop();
      window.removeEventListener('online', resendWaiting);
    };
  }, [fetchPage, messages, patch, refetch, roomId, send]);

  // Reading: the other side's newest message marks everything up to it read ("Seen" for them).
  const newestFromThem = useMemo(
    () => [...messages].reverse().find((m) => !m.delivery && !isOwnSide(m, room, role)),
    [messages, room, role],
  );
  useEffect(() => {
    if (!newestFromThem || newestFromThem.read_at !== null) return undefined;
    const read = () => {
      if (document.visibilityState === 'visible') void markRead({ roomId, upTo: newestFromThem.id });
    };
    read();
    document.addEventListener('visibilitychange', read);
    return () => document.removeEventListener('visibilitychange', read);
  }, [markRead, newestFromThem, roomId]);
  useEffect(() => {
    if (newestFromThem) clear();
    // A message from the typist ends their typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [newestFromThem?.id]);

  // Scrolling: to the newest at first and when a message arrives while near the bottom.
  useLayoutEffect(() => {
    const box = history.current;
    if (!box) return;
    if (keepFromBottom.current !== null) {
      box.scrollTop = box.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else if (wasNearBottom.current || messages.at(-1)?.delivery) {
      box.scrollTop = box.scrollHeight;
    }
  }, [messages, typist]);
  const onScroll = () => {
    const box = history.current;
    if (!box) return;
    wasNearBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
    if (box.scrollTop < 60) void loadOlder();
  };

  const lastOwnSeen = useMemo(() => {
    const own = messages.filter((m) => !m.delivery && isOwnSide(m, room, role));
    const last = own.at(-1);
    return last && last.read_at ? last.id : null;
  }, [messages, room, role]);

  return { query, messages, send, loadOlder, isLoadingOlder, history, onScroll, lastOwnSeen, typist, signal };
}
