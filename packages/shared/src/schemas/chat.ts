import { z } from 'zod';
import { limits } from '../limits';
import { dbId, maxId, paginated, paginationQuery } from './common';
import type { NotificationOut } from './applications';

/** Chat and live events: the calls of decisions.md ("Chat and live events: the calls"). */

export const chatMessageOut = z.object({
  id: z.number().int(),
  room: z.number().int(),
  sender: z.object({ id: z.number().int(), full_name: z.string() }),
  content: z.string(),
  client_id: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type ChatMessageOut = z.infer<typeof chatMessageOut>;

export const chatRoomOut = z.object({
  id: z.number().int(),
  jobseeker: z.object({ id: z.number().int(), full_name: z.string(), photo: z.string().nullable() }),
  employer: z.object({
    id: z.number().int(),
    full_name: z.string(),
    company: z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable() }),
  }),
  job: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  last_message: chatMessageOut.nullable(),
  unread_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ChatRoomOut = z.infer<typeof chatRoomOut>;
export const chatRoomList = paginated(chatRoomOut);
export type ChatRoomList = z.infer<typeof chatRoomList>;

/** Open a conversation. `employer_id` may be left out with `job_id`: the member who posted the job (or the owner). */
export const chatRoomCreate = z
  .object({
    jobseeker_id: dbId,
    employer_id: dbId.optional(),
    job_id: dbId.nullish(),
  })
  .refine((v) => v.employer_id !== undefined || (v.job_id !== undefined && v.job_id !== null), {
    message: 'Name the employer (or the job the conversation is about).',
    path: ['employer_id'],
  });
export type ChatRoomCreate = z.infer<typeof chatRoomCreate>;

/** The 400 of POST /api/chatrooms/ for a pair that already has its room. */
export const existingRoomError = z.object({ detail: z.string(), code: z.literal('existing_room'), existing_room: z.number().int() });

const messageId = z.coerce.number().int().positive().max(maxId, 'Expected a message id.');
export const chatMessagesQuery = paginationQuery.extend({
  /** Older than this message (paging back). */
  before: messageId.optional(),
  /** Newer than this message (catching up after a reconnection). */
  after: messageId.optional(),
});
export type ChatMessagesQuery = z.infer<typeof chatMessagesQuery>;
export const chatMessageList = paginated(chatMessageOut);
export type ChatMessageList = z.infer<typeof chatMessageList>;

export const chatMessageCreate = z.object({
  content: z
    .string()
    .max(limits.chatMessageMax, `Keep a message under ${limits.chatMessageMax.toLocaleString('en')} characters.`)
    .refine((s) => s.trim().length > 0, 'Write a message.'),
  client_id: z.string().trim().min(1).max(limits.chatClientIdMax).optional(),
});
export type ChatMessageCreate = z.infer<typeof chatMessageCreate>;

export const chatReadRequest = z.object({ up_to: dbId });
export const chatReadOut = z.object({ room: z.number().int(), up_to: z.number().int(), read_at: z.string() });
export type ChatReadOut = z.infer<typeof chatReadOut>;

export const notificationsMarkedOut = z.object({ marked: z.number().int(), unread_count: z.number().int() });
export type NotificationsMarkedOut = z.infer<typeof notificationsMarkedOut>;

/** Socket.IO events, server to client (path /socket.io/, auth `{token}`). */
export interface ServerToClientEvents {
  'message:new': (message: ChatMessageOut) => void;
  'message:read': (read: ChatReadOut) => void;
  typing: (typing: { room: number; user: { id: number; full_name: string } }) => void;
  'room:updated': (room: ChatRoomOut) => void;
  'notification:new': (notification: NotificationOut) => void;
  'notification:read': (read: { id: number | 'all' }) => void;
  /** More new jobs reached the person's job alerts: their notices' counts and the alerts' news are read again. */
  'job_alert:matched': () => void;
  /** A refused client event (e.g. too many, or a room that is not theirs). */
  'error:event': (error: { code: string; detail: string }) => void;
}
/** Socket.IO events, client to server. Sending a message stays an HTTP call. */
export interface ClientToServerEvents {
  typing: (typing: { room: number }) => void;
  read: (read: { room: number; up_to: number }) => void;
}
/** The handshake's refusal (`connect_error`'s `data`): `token_expired` asks the client to refresh and reconnect. */
export interface SocketRefusal {
  code: 'not_authenticated' | 'token_invalid' | 'token_expired' | 'account_disabled';
  detail: string;
}
