import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers, worked out once. Our options are the same for every response, so the
 * headers are too; @fastify/helmet built helmet's middleware again on every request (its directives
 * parsed each time: 3% of a chat message's CPU in the server).
 */
export function securityHeaders(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value as string | number));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failed: unknown;
  let done = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failed = error;
    done = true;
  });
  // Helmet's middleware is synchronous when no directive is a function of the request (none of ours is).
  if (!done) throw new Error('securityHeaders: helmet did not finish synchronously');
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return [...headers];
}
