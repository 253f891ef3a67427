/**
 * Job search with its cache in a thread of its own (decision 006, "The search thread"): on a
 * PostgreSQL server, keeping the kept answers up to date with 20 writes a second took a quarter of
 * the server thread's time, and a search arriving meanwhile waited for it before it was read. Here
 * the server thread keeps a copy of the answers asked for lately, as JSON, with the moment they
 * are right as of, and answers from it when that is recent enough for the request (the same rule
 * as the cache's: every write committed `staleMs` before it arrived, and every write this process
 * answered before it); any other request is sent to the search thread (search-worker.ts), which
 * answers it as the in-thread service does and keeps the copy up to date after each catch-up.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { JobSearchQuery, JobSummary, Paginated } from '@jobportal/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { utcToday } from '../../lib/dates';
import { answerJson, cacheKey, type AnswerJson, type JobSearch, type SearchCacheStats } from './job-search.service';
import { errorFrom, fromEpoch, toEpoch, type FromSearchThread, type ToSearchThread } from './search-thread-messages';
import { createClassSetter, createPriorityGuard } from './search-thread-priority';
import type { SearchWorkerData } from './search-worker';

export interface SearchThreadOptions extends SearchWorkerData {
  log: FastifyBaseLogger;
  /** How many answers the copy holds (least recently used out). */
  copyEntries: number;
  /**
   * Whether the search thread runs in the idle scheduling class, lifted while a request waits for it
   * (search-thread-priority.ts): only where this process may lift it (`mayLeaveIdleClass`).
   */
  idle: boolean;
}

interface Copied extends AnswerJson {
  /** Right as of this moment (this thread's clock) only; undefined: of `freshAs`. */
  asOf: number | undefined;
  expires: number;
}

/**
 * The search thread's start: TypeScript's loader (tsx) registered in that thread (Node 20 does not
 * apply the process's `--import` hooks to a worker), then search-worker.ts.
 */
const workerEntry = (() => {
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const entry = new URL('./search-worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })
    .catch((error) => { console.error(error); process.exit(1); });`;
})();

/** How often the keys served from the copy are told to the search thread (its cache's use order, and its catch-ups ahead). */
const servedEveryMs = 50;

export function createSearchThread({ log, copyEntries, idle, ...data }: SearchThreadOptions) {
  const staleMs = data.options.staleMs ?? 0;
  /** The copy: each answer's count and JSON parts, right as of `asOf` (this thread's clock) or, when undefined, of `freshAs`. */
  let copy = new Map<string, Copied>();
  /** Answers asked for again because the copy's is pinned (one at a time for each). */
  const refreshing = new Set<string>();
  let freshAs: number | undefined;
  let stats: SearchCacheStats | null = null;
  /** Requests answered from the copy (the search thread counts the others). */
  let copyHits = 0;
  /**
   * Requests the copy held an answer for that was not recent enough for them (sent to the search
   * thread), and of those, the ones whose answer was pinned (dropped or waiting for a read); the
   * others' answers were as old as the copy's `freshAs`.
   */
  const copyLate = { all: 0, pinned: 0 };
  let writtenAt = -Infinity;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let served: string[] = [];
  let closing = false;
  /** Whether the search thread runs (between one that stopped and the next, searches answer 503). */
  let running = true;
  // One shell for every change of the search thread's class (started at the first: only when idle).
  const classes = createClassSetter();
  const guard = createPriorityGuard({ setClass: classes.set });
  let worker = start();
  const unavailable = () => new AppError('service_unavailable', 'The search is briefly unavailable. Try again in a few seconds.');

  function start(): Worker {
    const started = new Worker(workerEntry, { eval: true, workerData: data });
    started.on('message', (message: FromSearchThread) => receive(message, started));
    started.on('error', (error) => log.error({ err: error }, 'search thread failed'));
    started.on('exit', (code) => {
      // Whatever it was asked is lost with it: those requests answer 503, and a new one takes over
      // a second later (one that cannot start does not spin).
      running = false;
      guard.started(undefined);
      for (const { reject } of waiting.values()) reject(unavailable());
      waiting.clear();
      copy = new Map();
      freshAs = undefined;
      if (closing) return;
      log.error({ code }, 'search thread stopped; starting another in a second');
      setTimeout(() => {
        if (closing) return;
        worker = start();
        running = true;
      }, 1000).unref();
    });
    return started;
  }

  function receive(message: FromSearchThread, from: Worker): void {
    switch (message.kind) {
      case 'thread': {
        const tid = message.tid;
        if (!idle || tid === null) return;
        void classes.set(tid, 'idle').then((set) => {
          if (set && from === worker && running && !closing) guard.started(tid);
        });
        return;
      }
      case 'publish': {
        for (const { key, count, results, facets, rest, asOf, expires } of message.upserts) {
          const held = copy.get(key);
          if (!held) continue;
          if (results !== null) {
            const now = results.map((r) => (typeof r === 'number' ? held.results[r] : r));
            // (Never seen: the search thread sends places in the results the copy holds.) Asked again instead.
            if (now.includes(undefined)) {
              copy.delete(key);
              continue;
            }
            held.results = now as string[];
          }
          held.count = count;
          if (facets !== null) held.facets = facets;
          held.rest = rest;
          held.asOf = asOf === null ? undefined : fromEpoch(asOf);
          held.expires = expires;
        }
        for (const [key, asOf] of message.pins) {
          const held = copy.get(key);
          if (held) held.asOf = Math.min(held.asOf ?? Infinity, fromEpoch(asOf));
        }
        // The answers the search thread stopped following (right as of a moment too old for any
        // request): kept, one it held unpinned would pass for right as of the `freshAs` below.
        for (const key of message.deletes) copy.delete(key);
        freshAs = message.freshAs === null ? undefined : fromEpoch(message.freshAs);
        stats = message.stats;
        return;
      }
      case 'answer':
        stats = message.stats;
        settle(message.id, (w) => w.resolve(message));
        return;
      case 'error':
        settle(message.id, (w) => w.reject(errorFrom(message.error)));
        return;
      case 'settled':
        settle(message.id, (w) => w.resolve(undefined));
        return;
    }
  }

  function settle(id: number, then: (w: { resolve: (value: unknown) => void; reject: (error: Error) => void }) => void): void {
    const w = waiting.get(id);
    if (!w) return;
    waiting.delete(id);
    guard.answered(id);
    then(w);
  }

  function ask<T>(message: ToSearchThread & { id: number }): Promise<T> {
    if (!running) return Promise.reject(unavailable());
    return new Promise<T>((resolve, reject) => {
      waiting.set(message.id, { resolve: resolve as (value: unknown) => void, reject });
      guard.asked(message.id);
      worker.postMessage(message);
    });
  }

  /** Asks the search thread for `key`'s answer (and, when it may be kept, copies it). */
  async function fetch(key: string, q: JobSearchQuery, arrived: number, notBefore: number): Promise<AnswerJson> {
    const answer = await ask<Extract<FromSearchThread, { kind: 'answer' }>>({
      kind: 'search',
      id: nextId++,
      key,
      query: q,
      arrived: toEpoch(arrived),
      notBefore: toEpoch(notBefore),
    });
    if (answer.keep) {
      copy.delete(key);
      copy.set(key, {
        ...answer.json,
        asOf: answer.keep.asOf === null ? undefined : fromEpoch(answer.keep.asOf),
        expires: answer.keep.expires,
      });
      if (copy.size > copyEntries) copy.delete(copy.keys().next().value!);
    } else copy.delete(key);
    return answer.json;
  }

  function noteServed(key: string): void {
    if (served.length === 0)
      setTimeout(() => {
        const keys = served;
        served = [];
        if (running) worker.postMessage({ kind: 'served', keys } satisfies ToSearchThread);
      }, servedEveryMs).unref();
    served.push(key);
  }

  const front = {
    /** Resolves once every search asked of the thread is answered and its cache is settled (`JobSearchService.settled`). */
    async settled(): Promise<void> {
      await ask({ kind: 'settle', id: nextId++ });
    },
    /** The search thread's cache counts (as of its last message), with the requests the copy answered as hits. */
    cacheStats: (): SearchCacheStats | undefined =>
      stats
        ? {
            ...stats,
            hits: stats.hits + copyHits,
            copyHits,
            copyLate: copyLate.all,
            copyLatePinned: copyLate.pinned,
            copySize: copy.size,
            // Only with the thread in the idle class: otherwise there is nothing to lift it from.
            ...(idle ? { threadLifts: guard.state().lifts } : {}),
          }
        : undefined,
    /** A write this process finished: searches arriving after it show it (`JobSearchService.noteWrite`). */
    noteWrite(): void {
      writtenAt = performance.now();
    },
    /** The search response, as JSON: from the copy when it is recent enough for this request, else from the search thread. */
    async search(q: JobSearchQuery, toPage: (results: JobSummary[], count: number) => Paginated<JobSummary>): Promise<string> {
      const key = cacheKey(q, utcToday());
      const arrived = performance.now();
      const notBefore = staleMs === 0 ? arrived : Math.max(arrived - staleMs, writtenAt + 1e-6);
      const kept = copy.get(key);
      if (kept && freshAs !== undefined && (kept.asOf ?? freshAs) >= notBefore && kept.expires > Date.now()) {
        copyHits++;
        noteServed(key);
        // Least recently used first.
        copy.delete(key);
        copy.set(key, kept);
        // Pinned (a change moved the cache past it): served within the bound while the new one is fetched.
        if (kept.asOf !== undefined && !refreshing.has(key)) {
          refreshing.add(key);
          fetch(key, q, arrived, notBefore)
            .catch(() => undefined)
            .finally(() => refreshing.delete(key));
        }
        return answerJson(toPage([], kept.count), kept);
      }
      if (kept) {
        copyLate.all++;
        if (kept.asOf !== undefined) copyLate.pinned++;
      }
      const answer = await fetch(key, q, arrived, notBefore);
      return answerJson(toPage([], answer.count), answer);
    },
    /** Whether the search thread is in the idle scheduling class now, and how many times a waiting request lifted it. */
    priority: () => guard.state(),
    /** Ends the search thread at once, as a crash would (tests of what follows). */
    async terminate(): Promise<void> {
      await worker.terminate();
    },
    /** Stops the search thread (its pool closed first). */
    async close(): Promise<void> {
      closing = true;
      guard.stop();
      classes.close();
      if (!running) return;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage({ kind: 'close' } satisfies ToSearchThread);
      const force = setTimeout(() => void worker.terminate(), 5000);
      await exited;
      clearTimeout(force);
    },
  };
  return front satisfies JobSearch;
}
export type SearchThread = ReturnType<typeof createSearchThread>;
