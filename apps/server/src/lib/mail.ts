import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends e-mail. Real SMTP when configured; otherwise each message is written to the log. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}

export function createLogMailer(logger: FastifyBaseLogger): Mailer {
  return {
    send(message) {
      logger.info({ mail: message }, `mail to ${message.to}: ${message.subject} (no SMTP_URL set, so it is logged)`);
      return Promise.resolve();
    },
    close: () => undefined,
  };
}
