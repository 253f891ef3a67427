import type { ChatMessageCreate, ChatMessageOut, ChatMessagesQuery, ChatReadOut, ChatRoomCreate, ChatRoomOut } from '@jobportal/shared';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/access';
import { AppError, notFound, rateLimited, validationError } from '../../lib/app-error';
import type { ChatAudience, EventBus, RoomViews } from '../../lib/events';
import { authorize } from '../../policies/policy';
import { markAllRead } from '../notifications';
import { presentMessage, presentRoom } from './chat.presenter';
import * as messages from './chat-messages.repository';
import * as repo from './chat.repository';
import type { RoomFacts, Side } from './chat.repository';

/** How many rooms' parties a process keeps (~100 bytes each). */
const KNOWN_ROOMS = 50_000;

export interface ChatDeps {
  db: Db;
  events: EventBus;
  rateLimitMultiplier: number;
}

const sideOf = (viewer: Viewer): Side => (viewer.role === 'jobseeker' ? 'jobseeker' : 'company');
const audienceOf = (room: RoomFacts): ChatAudience => ({ roomId: room.id, jobseekerId: room.jobseekerId, companyId: room.companyId });
/** Where each side opens a conversation in the web app. */
export const roomLink = (side: Side, roomId: number) => (side === 'jobseeker' ? `/chat/${roomId}` : `/employer/chat/${roomId}`);

export function createChatService({ db, events, rateLimitMultiplier }: ChatDeps) {
  // A person typing fast sends a message every few seconds; 20 in 10 seconds is a flood. Counted
  // by the statement that stores a message (the sender's stored messages in the last 10 seconds), so
  // it holds across server processes without a round trip to Redis per message.
  const sendRule = { limit: Math.max(1, Math.round(20 * rateLimitMultiplier)), windowSeconds: 10 };

  // A room's parties (its job seeker and company) never change, so the hot paths (sending, typing)
  // keep them per process instead of reading them on every message; who the viewer is (role, company)
  // is still read fresh on every request. A room deleted since is caught by the store itself (it
  // inserts nothing into a room that is gone), which then reads the room again: 404.
  const knownRooms = new Map<number, RoomFacts>();
  async function factsOf(id: number, fresh: boolean): Promise<RoomFacts | undefined> {
    const known = fresh ? undefined : knownRooms.get(id);
    if (known) return known;
    const facts = await repo.findRoomFacts(db, id);
    knownRooms.delete(id);
    if (facts) {
      knownRooms.set(id, facts);
      // The oldest first out (a Map keeps its insertion order).
      if (knownRooms.size > KNOWN_ROOMS) knownRooms.delete(knownRooms.keys().next().value!);
    }
    return facts;
  }

  /** The room's facts after the viewer's right to `action` it was checked (404 for anyone else). */
  async function roomFor(viewer: Viewer, id: number, action: 'chat.view' | 'chat.send', fresh = true): Promise<RoomFacts> {
    const facts = await factsOf(id, fresh);
    authorize(viewer, action, facts);
    return facts!;
  }

  async function presentRoomFor(id: number, side: Side): Promise<ChatRoomOut> {
    const row = await repo.findRoom(db, id, side);
    if (!row) throw notFound('That conversation');
    return presentRoom(row);
  }

  /** How the room looks now to each side (last message, unread counts), for `room:updated`. */
  async function roomViews(id: number): Promise<RoomViews | undefined> {
    const both = await repo.findRoomForBothSides(db, id);
    return both && { forJobseeker: presentRoom(both.forJobseeker), forCompany: presentRoom(both.forCompany) };
  }

  /** Who the pair is: the job seeker and the company (from the employer named, or the job's). */
  async function resolvePair(input: ChatRoomCreate) {
    let companyId: number;
    let employerId: number;
    const speaker = input.job_id ? await repo.findJobSpeaker(db, input.job_id) : undefined;
    if (input.job_id && !speaker) throw notFound('That job');
    if (input.employer_id !== undefined) {
      const member = await repo.findCompanyOfMember(db, input.employer_id);
      if (!member) throw notFound('That employer');
      companyId = member.companyId;
      employerId = input.employer_id;
      if (speaker && speaker.companyId !== companyId) {
        throw validationError({ job_id: ["This job is not one of the employer's company's jobs."] });
      }
    } else {
      companyId = speaker!.companyId;
      employerId = speaker!.employerId;
    }
    const isJobseeker = await repo.isJobseeker(db, input.jobseeker_id);
    const applied = isJobseeker ? await repo.findApplicationsToCompany(db, input.jobseeker_id, companyId) : undefined;
    return {
      jobseekerId: input.jobseeker_id,
      companyId,
      employerId,
      hasApplied: !!applied && applied.jobIds.length > 0,
      jobId: input.job_id ?? applied?.latestJobId ?? null,
    };
  }

  return {
    /** The viewer's conversations, newest activity first. */
    async list(viewer: Viewer, page: { limit: number; offset: number }): Promise<{ rows: ChatRoomOut[]; total: number }> {
      const side = sideOf(viewer);
      if (side === 'company' && viewer.companyId === null) return { rows: [], total: 0 };
      const { rows, total } = await repo.findRooms(
        db,
        { side, jobseekerId: viewer.userId, companyId: viewer.companyId ?? undefined },
        page,
      );
      return { rows: rows.map(presentRoom), total };
    },

    /**
     * Opens the pair's conversation. `mode: 'create'` refuses an existing pair with 400
     * `existing_room` (the spec's client then opens that room); `'get_or_create'` answers it.
     */
    async open(viewer: Viewer, input: ChatRoomCreate, mode: 'create' | 'get_or_create'): Promise<{ room: ChatRoomOut; created: boolean }> {
      const pair = await resolvePair(input);
      authorize(viewer, 'chat.open', pair);
      let id = await repo.findRoomIdOfPair(db, pair.jobseekerId, pair.companyId);
      let created = false;
      if (id === undefined) {
        // `employer` is the member who opened it: the viewer when the company opens it.
        const employerId = sideOf(viewer) === 'company' ? viewer.userId : pair.employerId;
        id = await repo.insertRoom(db, { jobseekerId: pair.jobseekerId, companyId: pair.companyId, employerId, jobId: pair.jobId });
        created = id !== undefined;
        id ??= await repo.findRoomIdOfPair(db, pair.jobseekerId, pair.companyId);
      }
      if (id === undefined) throw notFound('That conversation');
      if (!created && mode === 'create') {
        throw new AppError('existing_room', 'This conversation already exists; open it instead.', { extra: { existing_room: id } });
      }
      const room = await presentRoomFor(id, sideOf(viewer));
      const views = created ? await roomViews(id) : undefined;
      if (views)
        await events.emit('chat.room_updated', {
          audience: { roomId: id, jobseekerId: pair.jobseekerId, companyId: pair.companyId },
          ...views,
        });
      return { room, created };
    },

    async get(viewer: Viewer, id: number): Promise<ChatRoomOut> {
      await roomFor(viewer, id, 'chat.view');
      return presentRoomFor(id, sideOf(viewer));
    },

    /** A page of messages, newest first (`before` pages back, `after` catches up). */
    async messages(viewer: Viewer, id: number, q: ChatMessagesQuery) {
      await roomFor(viewer, id, 'chat.view');
      if (q.before !== undefined && q.after !== undefined) throw validationError({ after: ['Use either before or after, not both.'] });
      const { rows, total, more } = await messages.findMessages(db, id, {
        limit: q.page_size,
        offset: (q.page - 1) * q.page_size,
        before: q.before,
        after: q.after,
      });
      return { rows: rows.map(presentMessage), total, more };
    },

    /**
     * Stores a message, then delivers it. The same `client_id` again from the same sender answers
     * the first message (`created: false`), so a retry never makes a duplicate.
     */
    async send(viewer: Viewer, id: number, input: ChatMessageCreate): Promise<{ message: ChatMessageOut; created: boolean }> {
      const room = await roomFor(viewer, id, 'chat.send', false);
      const clientId = input.client_id ?? null;
      const earlier = async () => {
        const found = clientId !== null ? await messages.findMessageByClientId(db, viewer.userId, clientId) : undefined;
        if (found && found.roomId !== id) throw new AppError('conflict', 'This client_id was already used for another conversation.');
        return found && { message: presentMessage(found), created: false };
      };
      const side = sideOf(viewer);
      const recipientSide: Side = side === 'jobseeker' ? 'company' : 'jobseeker';
      const stored = await messages.storeMessage(
        db,
        { roomId: id, senderId: viewer.userId, fromJobseeker: side === 'jobseeker', content: input.content.trim(), clientId },
        { recipientSide, link: roomLink(recipientSide, id) },
        sendRule,
      );
      if (stored === undefined) {
        // Nothing stored. The same client_id again (a retry, or a concurrent one that stored it
        // first) answers the earlier message, even when the sender is over the flood limit.
        const again = await earlier();
        if (again) return again;
        // The room was deleted since its parties were kept: 404.
        await roomFor(viewer, id, 'chat.send');
        const wait = await messages.secondsUntilSenderMayWrite(db, viewer.userId, sendRule);
        if (wait > 0) throw rateLimited(wait);
        throw new AppError('conflict', 'This message could not be stored; send it again.');
      }
      const message = presentMessage(stored.row);
      // The message and both sides' room views travel together (one publish to the other processes).
      const rooms = { forJobseeker: presentRoom(stored.rooms.forJobseeker), forCompany: presentRoom(stored.rooms.forCompany) };
      await events.emit('chat.message_created', { audience: audienceOf(room), message, rooms });
      if (stored.noticed) await events.emit('notifications.created', {});
      return { message, created: true };
    },

    /** Marks the other side's messages up to `up_to` read, for the viewer's side. */
    async read(viewer: Viewer, id: number, upTo: number): Promise<ChatReadOut> {
      const room = await roomFor(viewer, id, 'chat.view');
      const side = sideOf(viewer);
      const at = new Date();
      const changed = await messages.markRead(db, id, side, upTo, at);
      const read: ChatReadOut = { room: id, up_to: upTo, read_at: at.toISOString() };
      if (changed > 0) {
        await events.emit('chat.messages_read', { audience: audienceOf(room), read, rooms: await roomViews(id) });
      }
      // The conversation's notice in the bell is read with it.
      const notices = await markAllRead(db, viewer.userId, roomLink(side, id));
      for (const noticeId of notices) await events.emit('notifications.read', { userId: viewer.userId, id: noticeId });
      return read;
    },

    /** The audience of a room for a viewer's typing signal (404 when not theirs). */
    async typingAudience(viewer: Viewer, id: number): Promise<ChatAudience> {
      return audienceOf(await roomFor(viewer, id, 'chat.view', false));
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
