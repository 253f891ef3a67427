import type { Writable } from 'node:stream';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { Config } from '../config';

const redact = ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.new_password', '*.refresh', '*.otp'];

/**
 * The readable format's request lines: one short line per API request when it is answered
 * (`GET /api/jobs 200 12 ms`) instead of two JSON objects; the web app's files and the live
 * connection's polling show only when they fail.
 */
export class ShortRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    if (!error && status < 400 && !request.url.startsWith('/api/')) return;
    const line = `${request.method} ${request.url} ${status} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}

/** Fastify's logger settings for the configured format (JSON: pino's own lines, unchanged). */
export function loggerOptions(config: Config, out: Writable = process.stdout): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (config.logFormat === 'json') return { logger: { level: config.logLevel, redact, ...(out !== process.stdout && { stream: out }) } };
  const stream = pretty({
    destination: out,
    sync: true,
    colorize: 'isTTY' in out && out.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    singleLine: true,
  });
  return { logger: { level: config.logLevel, redact, stream }, logController: new ShortRequestLog() };
}

/**
 * A line of its own for a person reading the readable log (a mailed code), set apart by blank
 * lines; undefined in the JSON format, whose every line must stay a JSON object.
 */
export function noticeWriter(config: Config, out: Writable = process.stdout): ((line: string) => void) | undefined {
  if (config.logFormat === 'json' || config.logLevel === 'silent') return undefined;
  return (line) => out.write(`\n  ${line}\n\n`);
}
