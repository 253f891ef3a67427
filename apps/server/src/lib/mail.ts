import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /**
   * A calendar invite (RFC 5546 iTIP): sent as the text/calendar alternative calendars act on,
   * and as an `invite.ics` attachment for mail programs that only offer attachments.
   */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
}

/** Sends e-mail. Real SMTP when configured; otherwise each message is written to the log. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send({ calendar, ...message }) {
      await transport.sendMail({
        from,
        ...message,
        ...(calendar && {
          icalEvent: { method: calendar.method, content: calendar.content },
          attachments: [{ filename: 'invite.ics', content: calendar.content, contentType: `application/ics; method=${calendar.method}` }],
        }),
      });
    },
    close: () => transport.close(),
  };
}

export function createLogMailer(logger: FastifyBaseLogger): Mailer {
  return {
    send(message) {
      const { calendar, ...rest } = message;
      logger.info({ mail: { ...rest, calendar: calendar?.method } }, `mail to ${message.to}: ${message.subject} (no SMTP_URL set, so it is logged)`);
      return Promise.resolve();
    },
    close: () => undefined,
  };
}
