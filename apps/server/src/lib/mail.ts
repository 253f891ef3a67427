import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The same message as HTML (sent as the alternative to the text). */
  html?: string;
  /** More header fields, e.g. RFC 8058's `List-Unsubscribe` and `List-Unsubscribe-Post`. */
  headers?: Record<string, string>;
  /**
   * A calendar invite (RFC 5546 iTIP): sent as the text/calendar alternative calendars act on,
   * and as an `invite.ics` attachment for mail programs that only offer attachments.
   */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
  /** The one-time code the message carries, named (`Sign-in code`): the development log shows it on its own line. */
  code?: { label: string; value: string };
}

// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const breaks = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * A value from a row (a name, a title, a place) as it goes into a line of a plain-text e-mail: line
 * breaks and other control characters become one space. Names are one line since they are checked
 * on input, but rows written before that are not, and a name must never start a line of its own
 * in a message that speaks for us.
 */
export const inline = (value: string): string => value.replace(breaks, ' ').trim();

/** Sends e-mail. Real SMTP when configured; otherwise each message is written to the log. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send({ calendar, code: _code, ...message }) {
      await transport.sendMail({
        from,
        ...message,
        // A subject is one line whatever went into it.
        subject: inline(message.subject),
        ...(calendar && {
          icalEvent: { method: calendar.method, content: calendar.content },
          attachments: [{ filename: 'invite.ics', content: calendar.content, contentType: `application/ics; method=${calendar.method}` }],
        }),
      });
    },
    close: () => transport.close(),
  };
}

/**
 * Without SMTP: each message goes to the log. `notice` (the readable log only) writes a line of its
 * own, so a mailed code stands out: `✉  Sign-in code for ann@example.com: 123456`.
 */
export function createLogMailer(logger: FastifyBaseLogger, notice?: (line: string) => void): Mailer {
  return {
    send(message) {
      const { calendar, code, html: _html, headers: _headers, ...rest } = message;
      const line = `mail to ${message.to}: ${inline(message.subject)} (no SMTP_URL set, so it is logged)`;
      if (notice) {
        logger.info(line);
        if (code) notice(`✉  ${code.label} for ${message.to}: ${code.value}`);
      } else {
        logger.info({ mail: { ...rest, calendar: calendar?.method } }, line);
      }
      return Promise.resolve();
    },
    close: () => undefined,
  };
}
