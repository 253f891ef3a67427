import type { FastifyBaseLogger } from 'fastify';
import type { ApplicationStatus, ChatMessageOut, ChatReadOut, ChatRoomOut } from '@jobportal/shared';

/** Who did something to an application, as its history records it. */
export type Actor = 'jobseeker' | 'employer' | 'admin' | 'system';

interface ApplicationFacts {
  applicationId: number;
  jobId: number;
  jobTitle: string;
  companyName: string;
  jobseekerId: number;
  jobseekerName: string;
  /** The user who owns the job's company. */
  employerId: number;
}

/**
 * The domain events services emit, after their transaction commits. Listeners (notifications now,
 * a realtime layer later) decide who hears of them; services never call those listeners directly.
 */
export interface DomainEvents {
  'application.created': ApplicationFacts;
  'application.status_changed': ApplicationFacts & {
    from: ApplicationStatus;
    to: ApplicationStatus;
    changedBy: Actor;
    changedByUserId: number;
  };
  // Chat and sessions: the realtime layer turns these into socket pushes.
  /** A stored message, with the room as each side now sees it (when it could be read). */
  'chat.message_created': { audience: ChatAudience; message: ChatMessageOut; rooms: RoomViews | undefined };
  'chat.messages_read': { audience: ChatAudience; read: ChatReadOut; rooms: RoomViews | undefined };
  /** The room as each side sees it (the unread counts differ). */
  'chat.room_updated': { audience: ChatAudience } & RoomViews;
  /** Notification rows were written (by any module): the live dispatcher pushes the unpushed ones. */
  'notifications.created': Record<string, never>;
  'notifications.read': { userId: number; id: number | 'all' };
  /** New jobs reached these people's job alerts that already had an unread notice (its count changed). */
  'job_alerts.matched': { userIds: number[] };
  /** Sessions ended (sign-out, password reset, deactivation): their sockets are cut. */
  'sessions.ended': { userId: number; sessionId?: string };
  /**
   * The owner removed a recruiter from the team. Their sessions go on without the company, so their
   * sockets are cut and connect again without it; the notice written with it is pushed first.
   */
  'team.member_removed': { userId: number; companyId: number };
  'interview.changed': InterviewEvent;
  /**
   * A job was posted, edited, closed, reopened or deleted: search drops the answers that show it
   * (decision 006); job alerts queue it when it has just become public (decision 024).
   */
  'job.changed': { jobId: number };
  /**
   * A company's approval, name, website or logo changed, or it was deleted with its jobs: search
   * drops the answers that show one of its jobs (decision 006).
   */
  'company.changed': { companyId: number };
  'feedback.created': FeedbackEvent;
  /**
   * An admin deactivated an account; its sessions are already revoked (in the same transaction).
   * The realtime layer closes the person's live connections on this.
   */
  'user.deactivated': { userId: number; reason: string | null };
  /** An admin made an account (it has no password yet). */
  'user.created': { userId: number; role: 'admin' | 'jobseeker' | 'employer' };
  /** An admin deleted an account (its sessions went with it): close its live connections too. */
  'user.deleted': { userId: number };
  /** Someone signed in (a new session): a visitor's confirmed job alerts for the address join the account. */
  'user.signed_in': { userId: number };
}

/** A room as each side sees it (their unread counts differ). */
export interface RoomViews {
  forJobseeker: ChatRoomOut;
  forCompany: ChatRoomOut;
}
/** Who hears of a conversation: its job seeker and every member of its company. */
export interface ChatAudience {
  roomId: number;
  jobseekerId: number;
  companyId: number;
}
/** What happened to an interview, as the people on both sides hear of it. */
export interface InterviewEvent {
  kind: 'scheduled' | 'offered' | 'time_chosen' | 'confirmed' | 'rescheduled' | 'changed' | 'cancelled' | 'completed';
  interviewId: number;
  applicationId: number;
  jobTitle: string;
  companyName: string;
  jobseekerId: number;
  jobseekerName: string;
  interviewerId: number;
  /** The start, when it has one (ISO, UTC), and the zone it was planned in. */
  scheduledTime: string | null;
  timeZone: string;
  /** Who made the change (the other side is told). */
  byUserId: number;
}

export interface FeedbackEvent {
  feedbackId: number;
  interviewId: number;
  jobTitle: string;
  companyName: string;
  jobseekerId: number;
}

export type DomainEventName = keyof DomainEvents;
type Listener<K extends DomainEventName> = (payload: DomainEvents[K]) => void | Promise<void>;

export interface EventBus {
  /** Subscribes; the answer unsubscribes. */
  on<K extends DomainEventName>(name: K, listener: Listener<K>): () => void;
  /**
   * Calls every listener and waits for them. A failing listener is logged and never fails the
   * emitter: the change it reports has already been committed.
   */
  emit<K extends DomainEventName>(name: K, payload: DomainEvents[K]): Promise<void>;
}

export function createEventBus(log: Pick<FastifyBaseLogger, 'error'>): EventBus {
  const listeners = new Map<DomainEventName, Set<Listener<never>>>();
  return {
    on(name, listener) {
      const set = listeners.get(name) ?? new Set();
      listeners.set(name, set);
      set.add(listener as Listener<never>);
      return () => set.delete(listener as Listener<never>);
    },
    async emit(name, payload) {
      const set = listeners.get(name);
      if (!set) return;
      await Promise.all(
        [...set].map(async (listener) => {
          try {
            await (listener as Listener<typeof name>)(payload);
          } catch (error) {
            log.error({ err: error, event: name }, 'event listener failed');
          }
        }),
      );
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's domain events, for listeners outside the modules (the realtime layer, tests). */
    events: EventBus;
  }
}
