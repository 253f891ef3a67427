/**
 * Throwaway servers of the production shape, each in a temporary folder on free ports, for the tests,
 * the failure drills and `npm run cluster`: a PostgreSQL primary and streaming replicas (initdb,
 * pg_basebackup), Redis and HAProxy from Debian's packages. Nothing here touches the machine's own
 * PostgreSQL or Redis. `missingBinaries()` says what is absent, so a test can skip with the reason.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const pgBinDir = fs.existsSync('/usr/lib/postgresql')
  ? fs
      .readdirSync('/usr/lib/postgresql')
      .sort()
      .reverse()
      .map((version) => path.join('/usr/lib/postgresql', version, 'bin'))
      .find((dir) => fs.existsSync(path.join(dir, 'pg_basebackup')))
  : undefined;

const which = (name: string, dirs = ['/usr/sbin', '/usr/bin', '/usr/local/bin', '/usr/local/sbin']) =>
  dirs.map((d) => path.join(d, name)).find((p) => fs.existsSync(p));
export const redisServer = which('redis-server');
export const haproxyBin = which('haproxy');

/** What of `wanted` this machine lacks, in words (empty: all there). */
export function missingBinaries(wanted: ('postgres' | 'redis' | 'haproxy')[]): string[] {
  const missing: string[] = [];
  if (wanted.includes('postgres') && !pgBinDir) missing.push('PostgreSQL server binaries (apt-get install postgresql)');
  if (wanted.includes('redis') && !redisServer) missing.push('redis-server (apt-get install redis-server)');
  if (wanted.includes('haproxy') && !haproxyBin) missing.push('haproxy (apt-get install haproxy)');
  return missing;
}

/** A port nothing listens on, from `from` upwards (the cluster's PostgreSQL and Redis use 55400-55499). */
export async function freePort(from = 55400, to = 55499, taken: Set<number> = usedPorts): Promise<number> {
  const start = from + Math.floor(Math.random() * (to - from + 1));
  for (let i = 0; i <= to - from; i++) {
    const port = from + ((start - from + i) % (to - from + 1));
    if (taken.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) {
      taken.add(port);
      return port;
    }
  }
  throw new Error(`no free port between ${from} and ${to}`);
}
const usedPorts = new Set<number>();

const isRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL tool, as the postgres user when this process is root (initdb refuses root). */
async function pgTool(tool: string, args: string[]): Promise<void> {
  const command = path.join(pgBinDir!, tool);
  if (isRoot) await run('runuser', ['-u', 'postgres', '--', command, ...args]);
  else await run(command, args);
}

export interface PgServer {
  name: string;
  port: number;
  dataDir: string;
  url(database?: string): string;
  start(): Promise<void>;
  /** `fast`: a clean stop; `immediate`: as a crash would. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
}

export interface PgCluster {
  folder: string;
  primary: PgServer;
  replicas: PgServer[];
  /** Stops every server and removes the folder. */
  remove(): Promise<void>;
}

function pgServer(name: string, folder: string, port: number): PgServer {
  const dataDir = path.join(folder, name);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1`;
  return {
    name,
    port,
    dataDir,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start: () => pgTool('pg_ctl', ['-D', dataDir, '-l', path.join(folder, `${name}.log`), '-w', '-t', '60', '-o', options, 'start']),
    stop: (mode = 'fast') => pgTool('pg_ctl', ['-D', dataDir, '-w', '-t', '60', '-m', mode, 'stop']),
  };
}

/**
 * A primary and `replicas` streaming replicas in a new temporary folder. `durable: false` (tests)
 * turns fsync off; `archive`: WAL archived into `<folder>/wal-archive` (point-in-time recovery).
 */
export async function startPgCluster(
  options: { replicas?: number; durable?: boolean; archive?: boolean; folder?: string } = {},
): Promise<PgCluster> {
  if (!pgBinDir) throw new Error(missingBinaries(['postgres']).join('; '));
  const folder = options.folder ?? fs.mkdtempSync(path.join(os.tmpdir(), 'jp-pg-'));
  fs.mkdirSync(folder, { recursive: true });
  if (isRoot) await run('chown', ['postgres:postgres', folder]);
  const primary = pgServer('primary', folder, await freePort());
  const replicas: PgServer[] = [];
  const cluster: PgCluster = {
    folder,
    primary,
    replicas,
    remove: async () => {
      for (const server of [...replicas, primary]) await server.stop('immediate').catch(() => undefined);
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
  try {
    await pgTool('initdb', ['-D', primary.dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
    const archive = path.join(folder, 'wal-archive');
    const settings = [
      'wal_level = replica',
      'max_wal_senders = 10',
      'hot_standby = on',
      'hot_standby_feedback = on',
      'wal_keep_size = 256MB',
      'max_connections = 200',
      options.durable === false ? 'fsync = off' : '',
      options.durable === false ? 'synchronous_commit = off' : '',
      options.archive ? `archive_mode = on\narchive_command = 'test ! -f ${archive}/%f && cp %p ${archive}/%f'` : '',
    ];
    if (options.archive) fs.mkdirSync(archive);
    if (options.archive && isRoot) await run('chown', ['postgres:postgres', archive]);
    fs.appendFileSync(path.join(primary.dataDir, 'postgresql.conf'), `\n${settings.filter(Boolean).join('\n')}\n`);
    fs.appendFileSync(path.join(primary.dataDir, 'pg_hba.conf'), '\nhost replication all 127.0.0.1/32 trust\n');
    await primary.start();
    for (let i = 1; i <= (options.replicas ?? 1); i++) {
      const replica = pgServer(`replica${i}`, folder, await freePort());
      // -R writes standby.signal and primary_conninfo: it streams from the primary from the start.
      await pgTool('pg_basebackup', [
        '-D',
        replica.dataDir,
        '-h',
        '127.0.0.1',
        '-p',
        String(primary.port),
        '-U',
        'postgres',
        '-X',
        'stream',
        '-R',
      ]);
      fs.appendFileSync(path.join(replica.dataDir, 'postgresql.conf'), `\narchive_mode = off\n`);
      await replica.start();
      replicas.push(replica);
    }
    return cluster;
  } catch (error) {
    await cluster.remove();
    throw error;
  }
}

export interface RedisServer {
  port: number;
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  remove(): Promise<void>;
}

/** A Redis server without persistence on a free port (stop and start it again on the same port). */
export async function startRedis(folder?: string): Promise<RedisServer> {
  if (!redisServer) throw new Error(missingBinaries(['redis']).join('; '));
  const dir = folder ?? fs.mkdtempSync(path.join(os.tmpdir(), 'jp-redis-'));
  fs.mkdirSync(dir, { recursive: true });
  const port = await freePort();
  let child: ChildProcess | undefined;
  const server: RedisServer = {
    port,
    url: `redis://127.0.0.1:${port}`,
    start: async () => {
      child = spawn(redisServer, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
        detached: true,
        stdio: 'ignore',
      });
      await waitForPort(port);
    },
    stop: async () => {
      const stopping = child;
      child = undefined;
      if (!stopping || stopping.exitCode !== null) return;
      const exited = new Promise((resolve) => stopping.once('exit', resolve));
      stopping.kill('SIGKILL');
      await exited;
    },
    remove: async () => {
      await server.stop();
      if (!folder) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

/** Resolves once something accepts connections on the port. */
export async function waitForPort(port: number, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
