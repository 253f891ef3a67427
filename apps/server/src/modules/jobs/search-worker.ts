/**
 * The search thread's side (search-thread.ts, decision 006 "The search thread"): the job search
 * service with its cache, on a pool of its own, keeping the answers up to date with every write.
 * The server thread sends it the searches its copy cannot answer, and the keys of those it did
 * (`served`). This thread answers the first (with whether the copy may keep the answer), and after
 * each catch-up sends the copy every answer of it that changed, by the parts that changed (a job's
 * summary and an answer's facets are made into JSON once); one dropped or waiting for a read is
 * pinned to the moment it was last right (`pins`), which the copy serves within the freshness
 * bound while it asks for the new one.
 */
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { JobSummary } from '@jobportal/shared';
import { openPostgres } from '../../db/client';
import {
  answerJsonOf,
  createJobSearchService,
  facetsJsonOf,
  restJsonOf,
  resultJsonOf,
  type JobSearchOptions,
  type SearchOutcome,
} from './job-search.service';
import { threadId } from './search-thread-priority';
import { errorOf, fromEpoch, toEpoch, type FromSearchThread, type ToSearchThread, type Upsert } from './search-thread-messages';

export interface SearchWorkerData {
  url: string;
  poolSize: number;
  /** This thread's nice value (config's `SEARCH_THREAD_NICE`). */
  nice: number;
  options: Omit<JobSearchOptions, 'db' | 'freshDb' | 'onCatchUp'>;
}

const port = parentPort!;
const data = workerData as SearchWorkerData;
// Below the server thread's priority: when both want a core, a search the copy answers goes first
// and a catch-up waits (with 20 writes a second, p95 at 100 searches a second 2.1-2.6 ms against
// 2.4-2.9 at the same priority). Linux gives each thread its own nice value; elsewhere it would be
// the whole process's, so it is left.
if (process.platform === 'linux' && data.nice > 0) os.setPriority(0, data.nice);
// Its thread id, for the server thread to set its scheduling class (search-thread-priority.ts).
port.postMessage({ kind: 'thread', tid: threadId() ?? null } satisfies FromSearchThread);
const staleMs = data.options.staleMs ?? 0;
const post = (message: FromSearchThread) => port.postMessage(message);

const database = await openPostgres(data.url, { max: data.poolSize });
/**
 * What the server thread's copy holds, by key: the answer it was sent, and the moment that answer
 * is right as of once a change moved the cache's past it (undefined: as of the last `freshAs` sent).
 */
const sent = new Map<string, { outcome: SearchOutcome; asOf: number | undefined }>();
/** The `freshAs` last sent (this thread's clock): every answer the copy holds unpinned is right as of it. */
let sentFreshAs: number | undefined;
/** The keys of `sent` whose answer is pinned (`asOf` set): each publish takes out those too old. */
const pinnedSent = new Set<string>();
/** When `publish` last looked at every answer the copy holds (the others it looks at are those that changed). */
let sweptAt = -Infinity;
/** How often every answer held is looked at: those that expired or were evicted meanwhile are taken out of `sent`. */
const sweepEveryMs = 5000;
let scheduled = false;

const service = createJobSearchService({
  ...data.options,
  db: database.db,
  freshDb: database.quick,
  onCatchUp: () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(publish);
  },
});

/**
 * After a catch-up, each answer the copy holds that the cache changed since the last (or that is
 * pinned, or every 5 s each): sent again if the cache holds it changed (by the
 * parts that changed); pinned to the `freshAs` sent before if the cache dropped it (the changes
 * that dropped it were read after that began), or to when it was last right if it waits for a
 * read; taken out once too old for any request. Then the new `freshAs`.
 */
function publish(): void {
  scheduled = false;
  const now = Date.now();
  // The answers to look at: those the cache changed since the last publish, those pinned (which
  // age), and every 5 s all of them (expiry is not a change); looking at all 5,000 after every
  // catch-up was a quarter of this thread's time under 20 writes a second.
  const changed = service.takeChanged();
  const sweep = changed === null || now - sweptAt >= sweepEveryMs;
  if (sweep) sweptAt = now;
  const keys = sweep ? [...sent.keys()] : [...changed, ...pinnedSent];
  const upserts: Upsert[] = [];
  const pins: Array<[string, number]> = [];
  const deletes: string[] = [];
  // An answer right as of before this is no use to any request (`notBefore` is at most `staleMs` back).
  const useless = performance.now() - staleMs - 1000;
  const pin = (key: string, held: { asOf: number | undefined }, asOf: number | undefined) => {
    const at = Math.min(held.asOf ?? Infinity, asOf ?? Infinity);
    if (at === Infinity || at < useless) {
      sent.delete(key);
      deletes.push(key);
    } else if (at !== held.asOf) {
      held.asOf = at;
      pins.push([key, toEpoch(at)]);
    }
  };
  const look = (key: string, held: { outcome: SearchOutcome; asOf: number | undefined }) => {
    const current = service.peek(key, now);
    if (!current) pin(key, held, sentFreshAs);
    else if (current.outcome === held.outcome) {
      if (current.asOf === held.asOf) return;
      if (current.asOf !== undefined) pin(key, held, current.asOf);
      else {
        upserts.push(upsertOf(key, current, held.outcome));
        held.asOf = undefined;
      }
    } else {
      upserts.push(upsertOf(key, current, held.outcome));
      held.outcome = current.outcome;
      held.asOf = current.asOf;
    }
  };
  const seen = new Set<string>();
  for (const key of keys) {
    const held = sent.get(key);
    // Not held, or seen already (a key both changed and pinned).
    if (!held || seen.has(key)) continue;
    seen.add(key);
    look(key, held);
    if (sent.get(key)?.asOf !== undefined) pinnedSent.add(key);
    else pinnedSent.delete(key);
  }
  sentFreshAs = service.freshAs();
  post({
    kind: 'publish',
    freshAs: sentFreshAs === undefined ? null : toEpoch(sentFreshAs),
    upserts,
    pins,
    deletes,
    stats: service.cacheStats() ?? null,
  });
}

/** An answer for the copy, by the parts that differ from the one it holds (`before`). */
function upsertOf(
  key: string,
  { outcome, asOf, expires }: { outcome: SearchOutcome; asOf: number | undefined; expires: number },
  before: SearchOutcome | undefined,
): Upsert {
  return {
    key,
    count: outcome.count,
    results: before?.results === outcome.results ? null : resultsFrom(before?.results ?? [], outcome.results),
    facets: before?.facets === outcome.facets ? null : facetsJsonOf(outcome.facets),
    rest: restJsonOf(outcome),
    asOf: asOf === undefined ? null : toEpoch(asOf),
    expires,
  };
}

/** `Upsert.results`: each result by its place in `before` when the copy holds it there, else by its JSON. */
function resultsFrom(before: readonly JobSummary[], after: readonly JobSummary[]): Array<number | string> {
  const places = new Map(before.map((summary, i) => [summary, i]));
  return after.map((summary) => places.get(summary) ?? resultJsonOf(summary));
}

port.on('message', (message: ToSearchThread) => {
  switch (message.kind) {
    case 'search': {
      service.answer(message.query, { arrived: fromEpoch(message.arrived), notBefore: fromEpoch(message.notBefore) }).then(
        (outcome) => {
          // Kept, as answered: the copy may hold it (right as of when the cache says).
          const kept = service.peek(message.key);
          const keep = kept?.outcome === outcome ? kept : undefined;
          if (keep) sent.set(message.key, { outcome, asOf: keep.asOf });
          else sent.delete(message.key);
          if (keep?.asOf !== undefined) pinnedSent.add(message.key);
          else pinnedSent.delete(message.key);
          post({
            kind: 'answer',
            id: message.id,
            json: answerJsonOf(outcome),
            keep: keep ? { asOf: keep.asOf === undefined ? null : toEpoch(keep.asOf), expires: keep.expires } : null,
            stats: service.cacheStats() ?? null,
          });
        },
        (error: unknown) => post({ kind: 'error', id: message.id, error: errorOf(error) }),
      );
      return;
    }
    case 'served': {
      const now = Date.now();
      for (const key of message.keys) service.touch(key, now);
      // Requests keep coming: the next catch-up begins ahead of the freshness bound, as it would here.
      service.keepFresh();
      return;
    }
    case 'settle':
      void service.settled().then(() => post({ kind: 'settled', id: message.id }));
      return;
    case 'close':
      void database.close().finally(() => process.exit(0));
      return;
  }
});
