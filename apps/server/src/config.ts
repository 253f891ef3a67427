import path from 'node:path';
import { z } from 'zod';

const boolish = z.enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off']).transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

/** Every environment variable the server reads; `.env.example` lists the same ones. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  /** Read replicas of DATABASE_URL for public reads, comma-separated (docs/decisions/021-read-replicas.md). */
  DATABASE_REPLICA_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\/[^,]+(\s*,\s*postgres(ql)?:\/\/[^,]+)*$/, 'must be postgres:// addresses separated by commas')
      .optional(),
  ),
  /** A replica further behind the primary than this is left out until it catches up. */
  DATABASE_REPLICA_MAX_LAG_SECONDS: z.coerce.number().min(0.1).max(3600).default(5),
  /** With DATABASE_URL: whether `npm start` migrates (under the migration lock) or needs `npm run migrate` first. */
  MIGRATE_ON_START: z.preprocess(emptyToUndefined, boolish.optional()),
  /** On SIGTERM: seconds /readyz answers 503 before the server closes, so a load balancer stops sending requests first. */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(60).default(0),
  SEED_DEMO: z.preprocess(emptyToUndefined, boolish.optional()),
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8).optional()),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Hireloop <no-reply@hireloop.local>'),
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis://')
      .optional(),
  ),
  REDIS_PREFIX: z.string().default('hireloop:'),
  GOOGLE_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUER: z.string().default('https://accounts.google.com,accounts.google.com'),
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
  /**
   * How long a job search answer is kept, in seconds (0: no cache); a job closed or deleted, or of a
   * company unapproved, never shows from a kept answer (decision 006, "The result cache").
   */
  SEARCH_CACHE_TTL: z.coerce.number().int().min(0).max(600).default(600),
  /** How long past its time to live an answer may still be served while one computation refreshes it, in seconds. */
  SEARCH_CACHE_GRACE: z.coerce.number().int().min(0).max(600).default(300),
  /** Without REDIS_URL: how much memory the kept answers may take, in MB (the least recently used go first). */
  SEARCH_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(64),
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^(false|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
        'must be false, a hop count (1) or a comma-separated list of proxy addresses (10.0.0.1, 10.0.0.0/8)',
      )
      .optional(),
  ),
  /** How often the background jobs run (interview reminders, data exports, retention); 0 turns them off (tests run them by hand). */
  REMINDER_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty`: readable lines for a person at a terminal; `json`: one JSON object a line (log collectors). */
  LOG_FORMAT: z.preprocess(emptyToUndefined, z.enum(['json', 'pretty']).optional()),
  WEB_DIST: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Read replicas of the primary (only with DATABASE_URL) and how far behind one may be. */
  replicas: { urls: string[]; maxLagSeconds: number };
  /** Whether start applies migrations (always on the embedded database). */
  migrateOnStart: boolean;
  /** On SIGTERM, how long to answer /readyz 503 before closing (a load balancer's checks notice). */
  shutdownDrainMs: number;
  seedDemo: boolean;
  jwtSecret: string | undefined;
  admin: { email: string; password: string } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  redisUrl: string | undefined;
  redisPrefix: string;
  google: { clientId: string | undefined; jwksUrl: string; issuers: string[] };
  rateLimitMultiplier: number;
  /** The job search's result cache: time to live and grace in seconds (ttl 0: no cache), the memory bound in MB. */
  searchCache: { ttlSeconds: number; graceSeconds: number; megabytes: number };
  reminderIntervalSeconds: number;
  logLevel: Env['LOG_LEVEL'];
  /** How the log is written; `pretty` also prints mailed codes on their own line (see lib/logging). */
  logFormat: 'json' | 'pretty';
  /** Which proxies may say who the client is (X-Forwarded-For/-Proto): none by default. */
  trustProxy: false | number | string[];
  webDist: string;
  productName: string;
}

export class ConfigError extends Error {}

const removedSettings = [
  'SEARCH_CACHE_SECONDS',
  'SEARCH_CACHE_ENTRIES',
  'SEARCH_STALE_MS',
  'SEARCH_THREAD',
  'SEARCH_THREAD_NICE',
  'SEARCH_THREAD_IDLE',
];

/**
 * Parse the environment; a bad value throws one clear line naming the variable. `terminal`: whether
 * standard output is a terminal (it picks the log format when LOG_FORMAT is unset).
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, terminal: boolean = process.stdout.isTTY === true): Config {
  // Settings of the search engine that was removed: named, so that a deployment learns they do nothing now.
  const removed = removedSettings.find((name) => source[name] !== undefined && source[name] !== '');
  if (removed)
    throw new ConfigError(
      `Bad configuration: ${removed} was removed; the search cache is set with SEARCH_CACHE_TTL, SEARCH_CACHE_GRACE and SEARCH_CACHE_MB`,
    );
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Bad configuration: ${name} ${issue?.message ?? 'is invalid'}`);
  }
  const e = parsed.data;
  const replicaUrls = e.DATABASE_REPLICA_URL?.split(',').map((u) => u.trim()) ?? [];
  if (replicaUrls.length > 0 && e.DATABASE_URL === undefined) {
    throw new ConfigError('Bad configuration: DATABASE_REPLICA_URL needs DATABASE_URL (the primary)');
  }
  if (e.MIGRATE_ON_START === false && e.DATABASE_URL === undefined) {
    throw new ConfigError('Bad configuration: MIGRATE_ON_START=0 needs DATABASE_URL (the embedded database always migrates itself)');
  }
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Bad configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    replicas: { urls: replicaUrls, maxLagSeconds: e.DATABASE_REPLICA_MAX_LAG_SECONDS },
    migrateOnStart: e.MIGRATE_ON_START ?? true,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    seedDemo: e.SEED_DEMO ?? e.DATABASE_URL === undefined,
    jwtSecret: e.JWT_SECRET,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    google: {
      clientId: e.GOOGLE_CLIENT_ID,
      jwksUrl: e.GOOGLE_JWKS_URL,
      issuers: e.GOOGLE_ISSUER.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    },
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    searchCache: { ttlSeconds: e.SEARCH_CACHE_TTL, graceSeconds: e.SEARCH_CACHE_GRACE, megabytes: e.SEARCH_CACHE_MB },
    reminderIntervalSeconds: e.REMINDER_INTERVAL_SECONDS,
    logLevel: e.LOG_LEVEL,
    // Unset: readable when a person is watching a development server, JSON everywhere else.
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' && terminal ? 'pretty' : 'json'),
    trustProxy:
      e.TRUST_PROXY === undefined || e.TRUST_PROXY === 'false'
        ? false
        : /^\d+$/.test(e.TRUST_PROXY)
          ? Number(e.TRUST_PROXY)
          : e.TRUST_PROXY.split(',').map((s) => s.trim()),
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    productName: 'Hireloop',
  };
}
