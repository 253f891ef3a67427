import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, json, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('service endpoints', () => {
  it('reports health and readiness', async () => {
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(json(ready).status).toBe('ok');
  });

  it('serves an OpenAPI document generated from the shared schemas', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = json<{ openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> }>(res);
    expect(doc.openapi).toMatch(/^3\./);
    const paths = ['/api/signup/', '/api/login/', '/api/verify-otp/', '/api/token/refresh/', '/api/google/', '/api/users/'];
    const jobPaths = [
      '/api/companies/',
      '/api/companies/{id}/logo/',
      '/api/jobs/',
      '/api/jobs/{id}/',
      '/api/jobs/mine/',
      '/api/job-categories/',
      '/api/job-skills/{id}/',
    ];
    for (const path of [...paths, ...jobPaths]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(JSON.stringify(doc.paths['/api/signup/'])).toContain('full_name');
    expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('gives the web app its public settings', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(json(res)).toEqual({ googleClientId: null, productName: 'Hireloop', searchDelaySeconds: 0 });
  });

  it('sends security headers and a request id', async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBe('abc-123');
  });
});

describe('errors', () => {
  it('answers unknown addresses with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/nope/' });
    expect(res.statusCode).toBe(404);
    expect(json(res).code).toBe('not_found');
  });

  it('answers malformed JSON, wrong content types and huge bodies with 4xx, never 5xx', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(json(broken).code).toBe('bad_request');
    const text = await t.app.inject({ method: 'POST', url: '/api/login/', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(text.statusCode).toBe(415);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/login/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a'.repeat(2_000_000) }),
    });
    expect(huge.statusCode).toBe(413);
    const array = await t.app.inject({ method: 'POST', url: '/api/login/', payload: [1, 2] });
    expect(array.statusCode).toBe(400);
    const empty = await t.app.inject({ method: 'POST', url: '/api/login/' });
    expect(empty.statusCode).toBe(400);
  });
});

describe('configuration', () => {
  it('stops on a bad value with one clear line naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^Bad configuration: PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must start with postgres/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@example.com' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  it('defaults to the embedded database with demo data, and no demo data on a server', () => {
    expect(loadConfig({})).toMatchObject({ port: 8000, databaseUrl: undefined, seedDemo: true });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).seedDemo).toBe(false);
  });
});

describe('web app files', () => {
  it('serves the built app with compressed copies and long-lived caching for hashed assets', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const zlib = await import('node:zlib');
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'jp-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    const html = '<!doctype html><title>Hireloop</title>'.repeat(20);
    fs.writeFileSync(path.join(dist, 'index.html'), html);
    fs.writeFileSync(path.join(dist, 'index.html.gz'), zlib.gzipSync(html));
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const web = await createTestApp({ WEB_DIST: dist });
    try {
      const page = await web.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-encoding']).toBe('gzip');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(zlib.gunzipSync(page.rawPayload).toString()).toBe(html);
      const plain = await web.app.inject({ url: '/' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(html);
      const asset = await web.app.inject({ url: '/assets/app-abc123.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
    } finally {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
