/**
 * The production shape on one machine (docs/deploy.md): HAProxy in front of several API processes,
 * a PostgreSQL primary with a streaming replica taking public reads, and Redis shared by all. Used
 * by `npm run cluster` (scripts/cluster.mjs), the failure drills and the soak. Everything lives in
 * one temporary folder and is removed by `stop()`.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort, haproxyBin, startPgCluster, startRedis, waitForPort, type PgCluster, type RedisServer } from './local-cluster';
import { waitFor } from './wait';

const run = promisify(execFile);
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const httpPorts = new Set<number>();

export interface ApiProcess {
  name: string;
  port: number;
  child: ChildProcess;
  /** Everything it printed (JSON log lines). */
  output(): string;
  /** kill -9, as a crash would. */
  kill(): Promise<void>;
  /** SIGTERM: it finishes what it is doing and leaves (HAProxy sends new requests elsewhere). */
  stop(): Promise<void>;
  /** Starts it again on the same port and waits until HAProxy sends it requests. */
  start(): Promise<void>;
}

export interface ApiCluster {
  /** HAProxy's address: the product. */
  url: string;
  folder: string;
  apis: ApiProcess[];
  pg: PgCluster;
  redis: RedisServer;
  /** The environment every API process runs with (a benchmark's own process on the primary reuses it). */
  env: Record<string, string>;
  /** Whether HAProxy sends requests to the API process now (its health check passes). */
  isServing(name: string): Promise<boolean>;
  stop(): Promise<void>;
}

export interface ApiClusterOptions {
  apiProcesses?: number;
  /** Demo data seeded once, by the first API process. */
  seedDemo?: boolean;
  rateLimitMultiplier?: number;
  /** PostgreSQL with fsync (a demo that is stopped and looked at) or without (tests). */
  durable?: boolean;
  /** The port HAProxy listens on (default: a free one in 8240-8299). */
  port?: number;
  env?: Record<string, string>;
  log?: (line: string) => void;
  /** The database on the primary the processes use (default `postgres`), made by `prepare` if it is not that one. */
  database?: string;
  /** Runs once PostgreSQL and Redis are up, before the migrations (a benchmark seeds its database here). */
  prepare?: (pg: PgCluster) => Promise<void>;
}

async function readProc(pid: number | undefined): Promise<number> {
  if (!pid) return 0;
  try {
    const status = await fs.promises.readFile(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

export function haproxyConfig(folder: string, port: number, apis: { name: string; port: number }[]): string {
  const servers = (cookie: boolean) =>
    apis.map((api) => `  server ${api.name} 127.0.0.1:${api.port}${cookie ? ` cookie ${api.name}` : ''}`).join('\n');
  return `# Written by apps/server/src/test/api-cluster.ts; docs/deploy.md explains each line.
global
  maxconn 4096
  log stderr format raw local0 info
  stats socket ${folder}/haproxy.sock mode 600 level admin

defaults
  mode http
  log global
  option httplog
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # A websocket lives as long as the page does.
  timeout tunnel 1h
  timeout http-request 10s
  # Only a request that never reached a process is tried again elsewhere: a write is never sent twice.
  retries 3
  retry-on conn-failure
  option redispatch 1
  default-server check inter 1s fastinter 500ms downinter 1s fall 2 rise 2

frontend hireloop
  bind 127.0.0.1:${port}
  option forwardfor
  acl is_live path_beg /socket.io/
  use_backend live if is_live
  default_backend api

backend api
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
${servers(false)}

# Socket.IO: a websocket stays on its process; a browser that falls back to long polling needs each
# of its requests on the same process, hence the cookie (the web app tries the websocket first).
backend live
  balance leastconn
  option httpchk GET /readyz
  http-check expect status 200
  cookie hl_node insert indirect nocache
${servers(true)}
`;
}

export async function startApiCluster(options: ApiClusterOptions = {}): Promise<ApiCluster> {
  if (!haproxyBin) throw new Error('haproxy is not installed (apt-get install haproxy)');
  const log = options.log ?? (() => undefined);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hireloop-cluster-'));
  fs.chmodSync(folder, 0o755);
  const cleanups: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    fs.rmSync(folder, { recursive: true, force: true });
  };
  try {
    log('starting PostgreSQL: a primary and a streaming replica (initdb, pg_basebackup)…');
    const pg = await startPgCluster({
      replicas: 1,
      durable: options.durable ?? false,
      archive: true,
      folder: path.join(folder, 'postgres'),
    });
    cleanups.push(() => pg.remove());
    log('starting Redis…');
    const redis = await startRedis(path.join(folder, 'redis'));
    cleanups.push(() => redis.remove());
    await options.prepare?.(pg);
    const database = options.database ?? 'postgres';
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(folder, 'data'),
      DATABASE_URL: pg.primary.url(database),
      DATABASE_REPLICA_URL: pg.replicas.map((r) => r.url(database)).join(','),
      REDIS_URL: redis.url,
      MIGRATE_ON_START: '0',
      TRUST_PROXY: '1',
      RATE_LIMIT_MULTIPLIER: String(options.rateLimitMultiplier ?? 1),
      SEED_DEMO: '0',
      // HAProxy checks every second and takes a process out after two failures.
      SHUTDOWN_DRAIN_SECONDS: '3',
      ...options.env,
    };
    log('migrating once (npm run migrate)…');
    await run(process.execPath, ['--import', 'tsx', path.join(serverDir, 'migrate.ts')], {
      env: { ...process.env, ...env },
      cwd: serverDir,
    });

    const port = options.port ?? (await freePort(8240, 8299, httpPorts));
    httpPorts.add(port);
    const apis: ApiProcess[] = [];
    for (let i = 1; i <= (options.apiProcesses ?? 3); i++) {
      apis.push(apiProcess(`api${i}`, await freePort(8240, 8299, httpPorts), { ...env, PUBLIC_URL: `http://localhost:${port}` }));
    }
    cleanups.push(async () => void (await Promise.all(apis.map((api) => api.stop()))));
    // The first one seeds the demo data (once), then the others start beside it.
    log(`starting ${apis.length} API processes…`);
    const first = apis[0]!;
    if (options.seedDemo) (first as ApiProcessInternal).env.SEED_DEMO = '1';
    await first.start();
    await Promise.all(apis.slice(1).map((api) => api.start()));

    const config = path.join(folder, 'haproxy.cfg');
    fs.writeFileSync(config, haproxyConfig(folder, port, apis));
    log('starting HAProxy…');
    // Its log (a line a request) goes to haproxy.log in the folder.
    // Every server in a process group of its own: Ctrl-C at the terminal reaches only the script,
    // which stops them in order (HAProxy first, then the API processes, Redis, PostgreSQL).
    const haproxy = spawn(haproxyBin, ['-f', config, '-db'], {
      detached: true,
      stdio: ['ignore', 'ignore', fs.openSync(path.join(folder, 'haproxy.log'), 'a')],
    });
    const haproxyLog = () => fs.readFileSync(path.join(folder, 'haproxy.log'), 'utf8').slice(-5000);
    cleanups.push(async () => {
      if (haproxy.exitCode !== null) return;
      const exited = new Promise((resolve) => haproxy.once('exit', resolve));
      haproxy.kill('SIGUSR1'); // soft stop: lets requests under way finish
      await exited;
    });
    await waitForPort(port).catch((error: unknown) => {
      throw new Error(`HAProxy did not start: ${haproxyLog()}`, { cause: error });
    });

    // HAProxy's own view (its admin socket): operational state 2 is "up".
    const isServing = async (name: string) =>
      (await haproxyCommand(path.join(folder, 'haproxy.sock'), 'show servers state api'))
        .split('\n')
        .some((line) => line.split(' ')[3] === name && line.split(' ')[5] === '2');
    const url = `http://127.0.0.1:${port}`;
    await waitFor(
      'HAProxy to send requests to every API process',
      async () => (await fetch(`${url}/readyz`).catch(() => null))?.ok === true,
    );
    return { url, folder, apis, pg, redis, env, isServing, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

interface ApiProcessInternal extends ApiProcess {
  env: Record<string, string>;
}

function apiProcess(name: string, port: number, env: Record<string, string>): ApiProcessInternal {
  let child: ChildProcess | undefined;
  let output = '';
  const exited = (c: ChildProcess) =>
    c.exitCode !== null || c.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => c.once('exit', () => resolve()));
  const api: ApiProcessInternal = {
    name,
    port,
    env,
    get child() {
      return child!;
    },
    output: () => output,
    async kill() {
      if (!child) return;
      const dying = child;
      dying.kill('SIGKILL');
      await exited(dying);
    },
    async stop() {
      if (!child) return;
      const stopping = child;
      stopping.kill('SIGTERM');
      await exited(stopping);
    },
    async start() {
      output = '';
      child = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'main.ts')], {
        cwd: serverDir,
        env: { ...process.env, ...api.env, PORT: String(port) },
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const keep = (d: Buffer) => (output = (output + d.toString()).slice(-200_000));
      child.stdout?.on('data', keep);
      child.stderr?.on('data', keep);
      const started = child;
      await waitFor(
        `${name} to answer /readyz`,
        async () => {
          if (started.exitCode !== null) throw new Error(`${name} exited with ${started.exitCode}:\n${output}`);
          return (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.ok === true;
        },
        { timeoutMs: 90_000, everyMs: 100 },
      );
    },
  };
  return api;
}

/** Sends one command to HAProxy's admin socket and answers its reply. */
export function haproxyCommand(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let reply = '';
    const socket = net.connect(socketPath, () => socket.end(`${command}\n`));
    socket.on('data', (d: Buffer) => (reply += d.toString()));
    socket.on('end', () => resolve(reply));
    socket.on('error', reject);
  });
}

/** Each API process's resident memory in bytes (0 for one not running). */
export async function memoryOf(apis: ApiProcess[]): Promise<Record<string, number>> {
  const entries = await Promise.all(apis.map(async (api) => [api.name, await readProc(api.child?.pid)] as const));
  return Object.fromEntries(entries);
}
