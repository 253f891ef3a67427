import type { FastifyBaseLogger } from 'fastify';
import { limits } from '@jobportal/shared';
import type { Db } from '../../db/client';
import { inline, type Mailer } from '../../lib/mail';
import * as repo from './chat-messages.repository';
import { roomLink } from './chat.service';

export interface UnreadRemindersDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  productName: string;
  publicUrl: string | undefined;
  /** How often to look (default a minute); the 15 minutes are `limits.chatUnreadEmailMinutes`. */
  everySeconds?: number;
}

/**
 * E-mails a message still unread after 15 minutes to its recipient, once per room and side per
 * quiet spell (chat.repository `claimUnreadReminders`; the claim is one statement, so several
 * processes never send the same e-mail). Deliberately minimal: a timer in each process, no job
 * queue; a shared job runner (interview reminders, issue #10) can take it over as one more job.
 */
export function createUnreadReminders(deps: UnreadRemindersDeps) {
  const { db, mailer, log } = deps;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running = false;

  /** One pass: claims what is due and sends it; answers how many e-mails went out. */
  async function runOnce(): Promise<number> {
    if (running) return 0;
    running = true;
    let sent = 0;
    try {
      for (const due of await repo.claimUnreadReminders(db, limits.chatUnreadEmailMinutes)) {
        const to = await repo.findRecipient(db, due.roomId, due.side);
        if (!to) continue;
        const link = deps.publicUrl ? `${deps.publicUrl.replace(/\/$/, '')}/#${roomLink(due.side, due.roomId)}` : undefined;
        try {
          await mailer.send({
            to: to.email,
            subject: `You have ${due.count === 1 ? 'an unread message' : `${due.count} unread messages`} on ${deps.productName}`,
            text: [
              `Hello ${inline(to.fullName)},`,
              '',
              `${due.count === 1 ? 'A message' : `${due.count} messages`} in one of your conversations on ${deps.productName} ${due.count === 1 ? 'is' : 'are'} waiting for you.`,
              link ? `Read and answer: ${link}` : `Sign in to ${deps.productName} and open Messages to read and answer.`,
              '',
              'We write once per conversation while it stays unread.',
            ].join('\n'),
          });
          sent++;
        } catch (error) {
          log.warn({ err: error, roomId: due.roomId }, 'unread message e-mail failed');
        }
      }
    } finally {
      running = false;
    }
    return sent;
  }

  return {
    runOnce,
    start() {
      timer = setInterval(
        () => void runOnce().catch((error: unknown) => log.warn({ err: error }, 'unread reminders failed')),
        (deps.everySeconds ?? 60) * 1000,
      );
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
export type UnreadReminders = ReturnType<typeof createUnreadReminders>;
