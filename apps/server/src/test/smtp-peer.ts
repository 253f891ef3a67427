import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives, for tests and e2e journeys. */
export async function startSmtpPeer(options: { failing?: boolean; port?: number; spoolFile?: string } = {}) {
  const inbox: ReceivedMail[] = [];
  /** The addresses refused while failing, one entry a refusal. */
  const refused: string[] = [];
  const waiters: Array<() => void> = [];
  let failing = options.failing ?? false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (failing) {
        refused.push(_address.address.toLowerCase());
        waiters.splice(0).forEach((w) => w());
        return callback(new Error('550 mailbox unavailable'));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
        const mail = { to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject, raw };
        inbox.push(mail);
        // Other processes (Playwright workers) read what arrived from this file, one JSON line a mail.
        if (options.spoolFile) fs.appendFileSync(options.spoolFile, `${JSON.stringify(mail)}\n`);
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  const find = (to: string) => inbox.filter((m) => m.to.includes(to.toLowerCase()));

  /** Waits until `done` holds, woken by each mail or refusal (and every 100 ms at most). */
  async function waitUntil(done: () => boolean, failure: string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`${failure} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  /** Waits for the n-th message to an address (1-based, counting all received) and gives it. */
  async function waitForMail(to: string, nth = 1, timeoutMs = 5000): Promise<ReceivedMail> {
    await waitUntil(() => find(to).length >= nth, `no mail #${nth} to ${to}`, timeoutMs);
    return find(to)[nth - 1]!;
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    setFailing(value: boolean) {
      failing = value;
    },
    waitForMail,
    /** Waits until a delivery to the address has been refused (while failing). */
    waitForRefusal: (to: string, timeoutMs = 5000) =>
      waitUntil(() => refused.includes(to.toLowerCase()), `no refused delivery to ${to}`, timeoutMs),
    /** Waits for the n-th message to an address (1-based, counting all received) and gives its code. */
    async waitForCode(to: string, nth = 1, timeoutMs = 5000): Promise<string> {
      const mail = await waitForMail(to, nth, timeoutMs);
      const code = /^\s+(\d{6})\s*$/m.exec(mail.raw)?.[1];
      if (!code) throw new Error(`mail to ${to} has no code:\n${mail.raw}`);
      return code;
    },
    count: (to: string) => find(to).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;
