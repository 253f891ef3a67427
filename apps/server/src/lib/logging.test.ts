import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { buildApp } from '../app';
import { openTestDatabase } from '../test/harness';
import { createLocalStorage } from './storage';
import { loggerOptions, noticeWriter } from './logging';
import { createLogMailer } from './mail';

function capture() {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { out, text: () => text };
}

async function appLoggingTo(format: 'json' | 'pretty', out: PassThrough) {
  const config = loadConfig({ NODE_ENV: 'development', LOG_FORMAT: format }, false);
  const app = Fastify(loggerOptions(config, out));
  app.get('/api/ping', async () => ({ ok: true }));
  app.get('/assets/app.js', async () => 'code');
  await app.ready();
  return app;
}

describe('log format', () => {
  it('is readable for a development server in a terminal and JSON everywhere else, unless LOG_FORMAT says', () => {
    expect(loadConfig({ NODE_ENV: 'development' }, true).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'development' }, false).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'production' }, true).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'test' }, true).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'development', LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'fancy' }, true)).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_FORMAT: 'fancy' }, true)).toThrow(/LOG_FORMAT/);
  });

  it('writes one short line per API request in the readable format, and none for a served file that worked', async () => {
    const log = capture();
    const app = await appLoggingTo('pretty', log.out);
    await app.inject({ url: '/api/ping' });
    await app.inject({ url: '/assets/app.js' });
    await app.inject({ url: '/assets/missing.js' });
    await app.close();
    const lines = log.text().trim().split('\n');
    expect(lines.filter((l) => l.includes('/api/ping'))).toHaveLength(1);
    expect(log.text()).toMatch(/INFO.*GET \/api\/ping 200 \d+ ms/);
    expect(log.text()).not.toContain('/assets/app.js');
    expect(log.text()).toMatch(/GET \/assets\/missing\.js 404/);
    expect(log.text()).not.toContain('{"level"');
  });

  it('keeps pino JSON lines (request and response) in the JSON format', async () => {
    const log = capture();
    const app = await appLoggingTo('json', log.out);
    await app.inject({ url: '/api/ping' });
    await app.close();
    const entries = log
      .text()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string });
    expect(entries.map((e) => e.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });
});

describe('mail written to the log (no SMTP_URL)', () => {
  const message = { to: 'ann@example.com', subject: 'Your Hireloop sign-in code: 123456', text: 'Use this code…\n\n    123456\n' };

  it('shows a mailed code on a line of its own in the readable format', async () => {
    const log = capture();
    const notices = capture();
    const config = loadConfig({ NODE_ENV: 'development', LOG_FORMAT: 'pretty' }, false);
    const app = Fastify(loggerOptions(config, log.out));
    await createLogMailer(app.log, noticeWriter(config, notices.out)).send({
      ...message,
      code: { label: 'Sign-in code', value: '123456' },
    });
    await app.close();
    expect(notices.text()).toBe('\n  ✉  Sign-in code for ann@example.com: 123456\n\n');
    expect(log.text()).toContain('mail to ann@example.com: Your Hireloop sign-in code: 123456');
  });

  it('keeps the whole message as one JSON entry, and no other line, in the JSON format', async () => {
    const log = capture();
    const config = loadConfig({ NODE_ENV: 'production', LOG_FORMAT: 'json' }, true);
    expect(noticeWriter(config)).toBeUndefined();
    const app = Fastify(loggerOptions(config, log.out));
    await createLogMailer(app.log, noticeWriter(config)).send({ ...message, code: { label: 'Sign-in code', value: '123456' } });
    await app.close();
    const entry = JSON.parse(log.text().trim()) as { mail: { to: string; text: string; code?: unknown } };
    expect(entry.mail.to).toBe('ann@example.com');
    expect(entry.mail.text).toContain('123456');
    expect(entry.mail).not.toHaveProperty('code');
  });
});

describe('the server in the readable format', () => {
  it('prints the sign-up code mailed without SMTP on its own line, and the request on one short line', async () => {
    const log = capture();
    const database = await openTestDatabase();
    const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-log-'));
    const config = loadConfig(
      {
        NODE_ENV: 'development',
        LOG_FORMAT: 'pretty',
        DATA_DIR: '/nonexistent-test-data',
        WEB_DIST: '/nonexistent-web-dist',
        JWT_SECRET: 'log-test-secret-long-enough-0123456789',
        REMINDER_INTERVAL_SECONDS: '0',
      },
      false,
    );
    const app = await buildApp({
      config,
      database,
      logOutput: log.out,
      storage: createLocalStorage(uploads),
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/signup/',
      payload: { email: 'ann@example.test', password: 'a-long-unusual-pass', full_name: 'Ann Lee', role: 'jobseeker' },
    });
    // Closing waits for the mail sent in the background.
    await app.close();
    await database.close();
    fs.rmSync(uploads, { recursive: true, force: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(log.text()).toMatch(/\n {2}✉ {2}Sign-up code for ann@example\.test: \d{6}\n\n/);
    expect(log.text()).toMatch(/POST \/api\/signup\/ 201 \d+ ms/);
    expect(log.text()).not.toContain('"level"');
  });
});
