/** True when a database error (node-postgres or PGlite, possibly wrapped by Drizzle) is a unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

// Connection-level failures: the database server is down, restarting, or cannot be reached.
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up or shutting down)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const unavailableMessages = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Query read timeout/i,
  /connection error/i,
];

/** True when an error says the database cannot be reached right now (answer 503 and let the pool heal). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && unavailableCodes.has(code)) return true;
    if (typeof message === 'string' && unavailableMessages.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}
