import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { openPostgres, queryRows, type Database, type Db } from './client';

/**
 * Where public reads go (docs/decisions/021-read-replicas.md). `db` is the handle the services that
 * serve public reads are given: inside `during(wantsPrimary, fn)` it is a healthy replica (the next
 * one, in turn) unless `wantsPrimary` (someone who just wrote) or none is healthy; everywhere else,
 * the primary. A replica is checked every `checkMs`: one that does not answer within `timeoutMs`,
 * is not in recovery, or whose replay is more than `maxLagSeconds` behind is left out until a later
 * check finds it well again.
 */
export interface ReadRouter {
  db: Db;
  during<T>(wantsPrimary: boolean, fn: () => T): T;
  /** Each replica's last check, for /readyz and the drills. */
  replicas(): ReplicaState[];
  /** How long after a write every replica in use has it (max lag + one check): a cache drops again then. */
  settleMs: number;
  close(): Promise<void>;
}

export interface ReplicaState {
  name: string;
  healthy: boolean;
  /** Seconds behind the primary at the last check (null: unknown, it did not answer). */
  lagSeconds: number | null;
  error?: string;
}

export interface ReadRouterOptions {
  primary: Database;
  replicaUrls: string[];
  maxLagSeconds: number;
  checkMs?: number;
  timeoutMs?: number;
  onChange?: (state: ReplicaState) => void;
}

interface Replica {
  state: ReplicaState;
  database: Database;
}

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error instanceof Error ? error : new Error(String(error)))),
    );
  });

/** The address without its password, to name a replica in logs. */
const nameOf = (url: string) => {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
};

export async function createReadRouter(options: ReadRouterOptions): Promise<ReadRouter> {
  const { primary, maxLagSeconds, checkMs = 1000, timeoutMs = 1500 } = options;
  const replicas: Replica[] = [];
  for (const url of options.replicaUrls) {
    replicas.push({ state: { name: nameOf(url), healthy: false, lagSeconds: null }, database: await openPostgres(url) });
  }
  const chosen = new AsyncLocalStorage<Db>();
  let turn = 0;

  // Every property of the handle is the chosen database's, looked up at each use.
  const db = new Proxy(primary.db, {
    get(_target, property) {
      const target = chosen.getStore() ?? primary.db;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });

  function pick(): Db {
    const healthy = replicas.filter((r) => r.state.healthy);
    if (healthy.length === 0) return primary.db;
    turn = (turn + 1) % healthy.length;
    return healthy[turn]!.database.db;
  }

  async function checkOne(replica: Replica, primaryLsn: string | undefined): Promise<void> {
    const before = replica.state.healthy;
    try {
      // Caught up when it has replayed what the primary had written just before; otherwise behind by
      // the age of the last transaction it replayed (a replica of an idle primary is not behind).
      const [row] = await withTimeout(
        queryRows<{ recovering: boolean; bytes: string | null; behind: number | null }>(
          replica.database.db,
          sql`select pg_is_in_recovery() as recovering,
                     pg_wal_lsn_diff(${primaryLsn ?? null}::pg_lsn, pg_last_wal_replay_lsn())::text as bytes,
                     extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as behind`,
        ),
        timeoutMs,
      );
      const caughtUp = row!.bytes !== null && Number(row!.bytes) <= 0;
      const lag = caughtUp ? 0 : (row!.behind ?? Number.POSITIVE_INFINITY);
      const healthy = row!.recovering && (primaryLsn !== undefined ? lag <= maxLagSeconds : before);
      replica.state = { name: replica.state.name, healthy, lagSeconds: Number.isFinite(lag) ? lag : null };
      if (!row!.recovering) replica.state.error = 'not in recovery (promoted?)';
      else if (lag > maxLagSeconds) replica.state.error = `more than ${maxLagSeconds} s behind`;
    } catch (error) {
      replica.state = { name: replica.state.name, healthy: false, lagSeconds: null, error: (error as Error).message };
    }
    if (replica.state.healthy !== before) options.onChange?.(replica.state);
  }

  async function check(): Promise<void> {
    let primaryLsn: string | undefined;
    try {
      const [row] = await withTimeout(queryRows<{ lsn: string }>(primary.db, sql`select pg_current_wal_lsn()::text as lsn`), timeoutMs);
      primaryLsn = row?.lsn;
    } catch {
      // The primary is away: replicas keep their standing until it can be compared again.
    }
    await Promise.all(replicas.map((replica) => checkOne(replica, primaryLsn)));
  }

  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const loop = async () => {
    await check();
    if (!stopped) timer = setTimeout(() => void loop(), checkMs);
  };
  if (replicas.length > 0) await loop();

  return {
    db: replicas.length > 0 ? db : primary.db,
    during: (wantsPrimary, fn) => (replicas.length === 0 ? fn() : chosen.run(wantsPrimary ? primary.db : pick(), fn)),
    replicas: () => replicas.map((r) => ({ ...r.state })),
    settleMs: maxLagSeconds * 1000 + checkMs + timeoutMs,
    close: async () => {
      stopped = true;
      clearTimeout(timer);
      await Promise.all(replicas.map((r) => r.database.close()));
    },
  };
}
