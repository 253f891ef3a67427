import fs from 'node:fs';
import { e2eEnv } from './env';

interface SpooledMail {
  to: string[];
  subject: string;
  raw: string;
}

function mailsTo(address: string): SpooledMail[] {
  if (!fs.existsSync(e2eEnv.mailSpool)) return [];
  return fs
    .readFileSync(e2eEnv.mailSpool, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SpooledMail)
    .filter((m) => m.to.includes(address.toLowerCase()));
}

/** The code in the n-th e-mail the SMTP peer received for an address. */
export async function waitForCode(address: string, nth = 1, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = mailsTo(address)[nth - 1];
    if (mail) {
      const code = /^\s+(\d{6})\s*$/m.exec(mail.raw)?.[1];
      if (!code) throw new Error(`mail to ${address} has no code`);
      return code;
    }
    if (Date.now() > deadline) throw new Error(`no mail #${nth} to ${address} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const mailCount = (address: string) => mailsTo(address).length;

/** The raw text of the first e-mail to an address whose subject matches, quoted-printable soft breaks joined. */
export async function waitForMail(address: string, subject: RegExp, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = mailsTo(address).find((m) => subject.test(m.subject));
    if (mail) return mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    if (Date.now() > deadline) throw new Error(`no mail "${subject.source}" to ${address} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
