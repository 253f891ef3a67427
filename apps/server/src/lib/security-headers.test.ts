import http from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers';

/** The headers helmet's own middleware puts on a real response, for the same options. */
async function helmetOnARealResponse(options: HelmetOptions): Promise<Record<string, string>> {
  const middleware = helmet(options);
  const server = http.createServer((req, res) => middleware(req, res, () => res.end('ok')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const out: Record<string, string> = {};
    const skip = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
    res.headers.forEach((value, name) => {
      if (!skip.has(name)) out[name] = value;
    });
    return out;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('securityHeaders', () => {
  const optionsWith = (strictTransportSecurity: boolean): HelmetOptions => ({
    contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"], upgradeInsecureRequests: null } },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity,
  });

  it('are exactly the headers helmet sets on a real response', async () => {
    for (const variant of [optionsWith(true), optionsWith(false)]) {
      expect(Object.fromEntries(securityHeaders(variant))).toEqual(await helmetOnARealResponse(variant));
    }
  });

  it('follow the options', () => {
    const headers = new Map(securityHeaders(optionsWith(false)));
    const csp = headers.get('content-security-policy') ?? '';
    // Ours, beside helmet's defaults for the directives we do not name; the one we turned off is gone.
    expect(csp.split(';')).toEqual(expect.arrayContaining(["default-src 'self'", "frame-ancestors 'none'", "object-src 'none'"]));
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.has('strict-transport-security')).toBe(false);
    expect(new Map(securityHeaders(optionsWith(true))).get('strict-transport-security')).toMatch(/^max-age=\d+/);
  });

  it('refuse options helmet refuses', () => {
    expect(() => securityHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ['self'] } } })).toThrow();
  });
});
