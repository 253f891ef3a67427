import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { decodeJwt } from 'jose';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { ClientToServerEvents, ServerToClientEvents, SocketRefusal } from '@jobportal/shared';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import type { ChatAudience, EventBus, RoomViews } from '../lib/events';
import type { Viewer } from '../lib/access';
import type { AuthService } from '../modules/auth';
import type { ChatService } from '../modules/chat';
import type { PresentNotices } from '../modules/notifications';
import { createNotificationDispatcher } from './notification-dispatcher';

type LiveViewer = Omit<Viewer, 'requestId'> & { fullName: string };
interface SocketData {
  viewer: LiveViewer;
}
/** One server event for the sockets in some channels. */
type Delivery = {
  [E in keyof ServerToClientEvents]: { to: string[]; event: E; data: Parameters<ServerToClientEvents[E]>[0] };
}[keyof ServerToClientEvents];
/** Between server processes (through Redis): deliveries for their own sockets. */
interface ServerSideEvents {
  deliver: (deliveries: Delivery[]) => void;
}
type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;
export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;

export interface RealtimeDeps {
  server: HttpServer;
  db: Db;
  events: EventBus;
  auth: Pick<AuthService, 'authenticate' | 'liveViewer' | 'liveViewers'>;
  chat: Pick<ChatService, 'typingAudience' | 'read'>;
  redisUrl: string | undefined;
  redisPrefix: string;
  log: FastifyBaseLogger;
  /** How often connected sockets' sessions are checked again (a safety net beside `sessions.ended`). */
  recheckSeconds?: number;
  /** How often unpushed notification rows are looked for (rows other processes or a crash left). */
  sweepSeconds?: number;
  /** How notification rows are shown when pushed (the notifications service's `present`). */
  presentNotices?: PresentNotices;
}

// The channels a socket joins: its user's, its session's, and its company's (every conversation of a
// company is every member's, decisions.md), so a room's events go to `user:<seeker>` + `company:<id>`.
export const userChannel = (userId: number) => `user:${userId}`;
const sessionChannel = (sessionId: string) => `session:${sessionId}`;
const companyChannel = (companyId: number) => `company:${companyId}`;
const audienceChannels = (a: ChatAudience) => [userChannel(a.jobseekerId), companyChannel(a.companyId)];

function refusal(code: SocketRefusal['code'], detail: string): Error {
  return Object.assign(new Error(detail), { data: { code, detail } satisfies SocketRefusal });
}

/** An access token that failed only because it expired: the client refreshes it and reconnects. */
function isExpired(token: string): boolean {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' && exp * 1000 <= Date.now();
  } catch {
    return false;
  }
}

/**
 * Socket.IO on the API's port (path /socket.io/): a socket is accepted only with a valid access
 * token and joins only its own channels; domain events decide who hears what. With REDIS_URL the
 * Redis adapter carries every emit to the sockets of the other processes.
 */
export function createRealtime(deps: RealtimeDeps) {
  const { events, auth, chat, log } = deps;
  const io: LiveServer = new Server(deps.server, { path: '/socket.io/', serveClient: false, cors: { origin: false } });
  let pub: Redis | undefined;
  let sub: Redis | undefined;
  if (deps.redisUrl) {
    pub = new Redis(deps.redisUrl, { maxRetriesPerRequest: 2 });
    sub = pub.duplicate();
    io.adapter(createAdapter(pub, sub, { key: `${deps.redisPrefix}socket.io` }));
  }

  io.use((socket, next) => {
    const token: unknown = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || !token) return next(refusal('not_authenticated', 'Sign in to continue.'));
    auth
      .authenticate(token)
      .then(async (viewer) => {
        const live = await auth.liveViewer(viewer.sessionId);
        if (!live) throw new AppError('token_invalid', 'Your session has ended. Sign in again.');
        socket.data.viewer = live;
        next();
      })
      .catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'account_disabled') return next(refusal('account_disabled', error.message));
        if (isExpired(token)) return next(refusal('token_expired', 'Your sign-in has expired; refresh it and reconnect.'));
        if (error instanceof AppError) return next(refusal('token_invalid', error.message));
        log.error({ err: error }, 'socket handshake failed');
        next(refusal('token_invalid', 'Your sign-in could not be checked.'));
      });
  });

  const refuse = (socket: LiveSocket, error: unknown) => {
    const body =
      error instanceof AppError ? { code: error.code, detail: error.message } : { code: 'bad_request', detail: 'That event was refused.' };
    if (!(error instanceof AppError)) log.warn({ err: error }, 'socket event failed');
    socket.emit('error:event', body);
  };
  const isId = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0 && (v as number) <= 2_147_483_647;

  io.on('connection', (socket: LiveSocket) => {
    const viewer = socket.data.viewer;
    void socket.join([userChannel(viewer.userId), sessionChannel(viewer.sessionId)]);
    if (viewer.role === 'employer' && viewer.companyId !== null) void socket.join(companyChannel(viewer.companyId));
    // A small flood guard for client events (sending messages is HTTP and limited there).
    let windowStart = Date.now();
    let inWindow = 0;
    const overLimit = () => {
      const now = Date.now();
      if (now - windowStart > 10_000) [windowStart, inWindow] = [now, 0];
      return ++inWindow > 60;
    };
    const asViewer = (): Viewer => ({ ...viewer, requestId: `socket:${socket.id}` });

    socket.on('typing', (payload) => {
      const room = (payload as { room?: unknown } | undefined)?.room;
      if (!isId(room)) return refuse(socket, new AppError('validation_error', 'typing needs {room}.'));
      if (overLimit()) return refuse(socket, new AppError('rate_limited', 'Too many events; slow down.'));
      chat
        .typingAudience(asViewer(), room)
        .then((audience) => {
          socket.to(audienceChannels(audience)).emit('typing', { room, user: { id: viewer.userId, full_name: viewer.fullName } });
        })
        .catch((error: unknown) => refuse(socket, error));
    });
    socket.on('read', (payload) => {
      const { room, up_to } = (payload ?? {}) as { room?: unknown; up_to?: unknown };
      if (!isId(room) || !isId(up_to)) return refuse(socket, new AppError('validation_error', 'read needs {room, up_to}.'));
      if (overLimit()) return refuse(socket, new AppError('rate_limited', 'Too many events; slow down.'));
      chat.read(asViewer(), room, up_to).catch((error: unknown) => refuse(socket, error));
    });
  });

  // A chat change is several events for several channels (the message to both sides, each side's
  // room view): they go to the other processes as ONE publish (a broadcast through the adapter is one
  // publish per emit, which every process then decodes), and each process delivers to its own sockets.
  const deliverHere = (deliveries: Delivery[]) => {
    for (const d of deliveries) io.local.to(d.to).emit(d.event, d.data as never);
  };
  io.on('deliver', (deliveries) => {
    if (Array.isArray(deliveries)) deliverHere(deliveries);
  });
  const deliver = (deliveries: Delivery[]) => {
    deliverHere(deliveries);
    if (pub) io.serverSideEmit('deliver', deliveries);
  };
  const roomDeliveries = (audience: ChatAudience, rooms: RoomViews | undefined): Delivery[] =>
    rooms
      ? [
          { to: [userChannel(audience.jobseekerId)], event: 'room:updated', data: rooms.forJobseeker },
          { to: [companyChannel(audience.companyId)], event: 'room:updated', data: rooms.forCompany },
        ]
      : [];

  const offs = [
    events.on('chat.message_created', ({ audience, message, rooms }) => {
      deliver([{ to: audienceChannels(audience), event: 'message:new', data: message }, ...roomDeliveries(audience, rooms)]);
    }),
    events.on('chat.messages_read', ({ audience, read, rooms }) => {
      deliver([{ to: audienceChannels(audience), event: 'message:read', data: read }, ...roomDeliveries(audience, rooms)]);
    }),
    events.on('chat.room_updated', ({ audience, forJobseeker, forCompany }) => {
      deliver(roomDeliveries(audience, { forJobseeker, forCompany }));
    }),
    events.on('notifications.read', ({ userId, id }) => {
      io.to(userChannel(userId)).emit('notification:read', { id });
    }),
    // One emit for everyone whose alerts heard of a batch of jobs (one message through the Redis adapter).
    events.on('job_alerts.matched', ({ userIds }) => {
      io.to(userIds.map(userChannel)).emit('job_alert:matched');
    }),
    events.on('sessions.ended', ({ userId, sessionId }) => {
      io.in(sessionId ? sessionChannel(sessionId) : userChannel(userId)).disconnectSockets(true);
    }),
    // An admin deactivated or deleted the account: its live connections close at once.
    events.on('user.deactivated', ({ userId }) => {
      io.in(userChannel(userId)).disconnectSockets(true);
    }),
    events.on('user.deleted', ({ userId }) => {
      io.in(userChannel(userId)).disconnectSockets(true);
    }),
  ];

  const dispatcher = createNotificationDispatcher({
    db: deps.db,
    io,
    log,
    sweepSeconds: deps.sweepSeconds ?? 5,
    present: deps.presentNotices,
  });
  offs.push(
    events.on('notifications.created', () => dispatcher.kick()),
    // The notice of the removal reaches the open tab before its connection is cut (it then connects
    // again without the company, and its next token refresh says it has none).
    events.on('team.member_removed', async ({ userId }) => {
      await dispatcher.flush().catch((error: unknown) => log.warn({ err: error }, 'notifications not pushed before a removal'));
      io.in(userChannel(userId)).disconnectSockets(true);
    }),
  );

  /** Checks every socket of this process against its session: ended, deactivated or moved company → cut. */
  async function recheck(): Promise<number> {
    // One statement for all of this process's sockets (a thousand sockets were a thousand reads at once).
    const sockets = [...io.of('/').sockets.values()] as LiveSocket[];
    if (sockets.length === 0) return 0;
    const live = await auth.liveViewers([...new Set(sockets.map((s) => s.data.viewer.sessionId))]);
    let cut = 0;
    for (const socket of sockets) {
      const was = socket.data.viewer;
      const now = live.get(was.sessionId);
      if (!now || now.companyId !== was.companyId || now.role !== was.role) {
        socket.disconnect(true);
        cut++;
      }
    }
    return cut;
  }
  const recheckTimer = setInterval(
    () => void recheck().catch((error: unknown) => log.warn({ err: error }, 'socket recheck failed')),
    (deps.recheckSeconds ?? 30) * 1000,
  );
  recheckTimer.unref();

  return {
    io,
    recheck,
    /** Pushes unpushed notifications now (tests; the dispatcher also runs on its own). */
    flushNotifications: () => dispatcher.flush(),
    async close() {
      clearInterval(recheckTimer);
      for (const off of offs) off();
      dispatcher.close();
      // Not io.close(): that closes the HTTP server too, which is Fastify's to close.
      io.local.disconnectSockets(true);
      io.engine.close();
      await Promise.all([pub?.quit().catch(() => undefined), sub?.quit().catch(() => undefined)]);
    },
  };
}
export type Realtime = ReturnType<typeof createRealtime>;
