/**
 * The search answers cache (docs/decisions/006, "The result cache"). Answers stay until a write
 * could change them, they expire, or the least recently used go past `maxEntries`. What a write
 * changed comes from `search_changes` (migration 0025), read after the version this process last
 * saw by a read begun after each request arrived:
 * - a change naming a job drops every answer whose page shows that job;
 * - a change with the job's lexemes (before and after) also drops every answer whose query the job
 *   may match with them (`mayMatch`: every word of `python developer`, either side of an `or`; an
 *   excluded word rules nothing out), and every answer whose query needs no word: only those can
 *   gain or lose the job;
 * - a change naming no job drops everything, and so does a gap in what this process has read.
 * An answer a change with the job's search rows reaches is first offered to the `AnswerUpdater`
 * (live-answers.ts), which brings it up to date when it can tell how: then it stays.
 *
 * With `keepDropped`, an answer a change drops is kept aside, out of the indexes, with the moment
 * it was last known right (`asOf`: when the read before that change's began). A request that may
 * be answered as of then (`notBefore`, decision 006 "How fresh an answer is") is served it while
 * one computation brings it up to date in the background, instead of waiting for that computation.
 */
import { pacer } from '../../lib/pace';
import { keyWords, mayMatch, type Term } from './query-terms';
import type { RowChange, SearchRow } from './live-answers';

/**
 * One row of `search_changes`: a job (with its lexemes when what it matches may have changed, and
 * then its search rows before and after), or null: everything.
 */
export interface SearchChange {
  version: number;
  jobId: number | null;
  lexemes: string[] | null;
  rows?: { before: SearchRow | null; after: SearchRow | null };
}

/**
 * Brings a kept answer up to date with a change to a job it may count, instead of dropping it
 * (live-answers.ts): `update` answers the new value, or null when it cannot tell (then the answer
 * is dropped). `rankWanted` names the search text whose rank of the job's new row `update` needs.
 */
export interface AnswerUpdater<V> {
  rankWanted(value: V, change: RowChange): string | null;
  /**
   * The value brought up to date with a change to a job's search rows (null: dropped). `change` is
   * the same object for every answer the change reaches (what one of them works out can serve the
   * others while it is applied).
   */
  update(value: V, change: RowChange, rankOf: (text: string) => number | undefined): V | null;
  /** Whether an updated value still needs a read (of jobs its page now shows) before it is served. */
  unread?(value: V): boolean;
  /**
   * The value once `jobId`, shown on its page, is read again (a change to how the job shows, not to
   * what it matches or where it sorts), or null when it cannot be (then the answer is dropped).
   */
  reread?(value: V, jobId: number): V | null;
  /** The jobs the value's page shows (an answer waiting for a read is indexed by them). */
  pageOf?(value: V): readonly number[];
  /**
   * A test that a job's search row, before or after a change, must pass for the change to alter the
   * value, unless its page shows the job (live-answers' `gateOf`): made once, when the answer is
   * stored (it must hold for every value the answer is brought up to date to). An answer whose
   * word index reaches it for a change whose rows both fail it is not visited. Null: any may.
   */
  gate?(value: V): Gate | null;
}

/**
 * `AnswerUpdater.gate`'s test. `key`: the same for two tests that give the same verdict for every
 * row and job (what the test reads of its answer), so that a change tests each such group once.
 */
export interface Gate {
  (row: SearchRow, jobId: number): boolean;
  key?: string;
}

/**
 * An answer brought up to date but for a read its page needs (`AnswerUpdater.unread`), for the
 * cache's `reader`. It stays in the cache meanwhile, and later changes keep bringing it up to date.
 */
export interface PendingAnswer<V> {
  key: string;
  /** Its value when the read was asked for (what to read). */
  value: V;
}

/**
 * What a read for a pending answer gives back: its value completed with what was read, given its
 * value now (changes may have come since the read was asked for) and whether a change applied since
 * then named a job (what was read of that job may be older than the change). Null: the read does not
 * cover what the value needs now (the next request for it asks for another read). Throws: it cannot be
 * completed (a job of its page gone unannounced): dropped.
 */
export type Completion<V> = (value: V, changedSince: (jobId: number) => boolean) => V | null;

/** A rank `AnswerUpdater.update` wants: of the job's row after the change at `version`, against `text`. */
export interface RankRequest {
  version: number;
  jobId: number;
  text: string;
}

/** What an answer depends on: the jobs its page shows and what its query needs of a job's words (null: nothing, any job can change it). */
export interface AnswerReach {
  jobIds: readonly number[];
  terms: Term | null;
}

/** Words one of which a job must have to reach an answer (`keyWords`), or null: any job can. */
const wordsNeeded = (reach: AnswerReach): string[] | null => (reach.terms === null ? null : keyWords(reach.terms));

interface Entry<V> extends AnswerReach {
  /** The index's words for it (`wordsNeeded`). */
  words: string[] | null;
  /** What a changed job's row must pass to alter it (`AnswerUpdater.gate`). */
  gate: Gate | null;
  value: V;
  expires: number;
  /** Set when a change dropped it (`keepDropped`): when it was last known right. */
  asOf?: number;
  /**
   * While `value` waits for a read (`AnswerUpdater.unread`): the last value that did not, and when
   * it was last known right (served like a dropped answer kept aside, within the freshness bound).
   */
  shown?: { value: V; asOf: number | undefined };
  /** While it waits for a read: the jobs the changes applied to it since named, with the newest such change's version. */
  named?: Map<number, number>;
}

/** A computed answer: what it depends on, how long it may be kept, and (when newer than the one asked with) the version its data is at least as new as. */
interface Computed<V> {
  value: V;
  reach: AnswerReach;
  ttlMs: number;
  version?: number;
}

/**
 * Completes the answers waiting for a read (`fill`) as the reads come back, letting requests in every
 * 2 ms: one statement reads the pages of every answer a catch-up left waiting, and completing them
 * all at once held the event loop up to 10 ms under 20 writes a second.
 */
const completing = pacer(2);

/** How many answers `reaching` tests between two steps. */
const testsPerStep = 32;

/** How many recent changes are kept to check answers computed while they were written. */
const keptChanges = 5_000;

export class SearchCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly byJob = new Map<number, Set<string>>();
  private readonly byLexeme = new Map<string, Set<string>>();
  private readonly wordless = new Set<string>();
  /** The answers being computed now, by key (`getOrCompute`). */
  private readonly flights = new Map<string, Promise<V>>();
  /**
   * The answers each change reaches, found once for `ranksWanted` and used again by `apply` unless
   * an answer was stored in between (`stored` counts them); answers removed meanwhile are skipped.
   */
  private readonly reachedBy = new WeakMap<SearchChange, { stored: number; keys: Set<string> }>();
  private stored = 0;
  /** Whether `applying` is under way. */
  private stepping = false;
  /** The answers the changes applied last left waiting for a read (`readWaiting`). */
  private waiting = new Set<string>();
  /** The newest version whose changes are applied; undefined before the first read. */
  private applied: number | undefined;
  /** Changes applied lately, oldest first, and the version before the oldest of them. */
  private recent: SearchChange[] = [];
  private recentFrom: number | undefined;
  /**
   * Counts since the cache was made: answers served from it, not found in it, found after waiting
   * for another request's computation of the same answer (`shared`; those were counted as misses
   * first), dropped by writes, and brought up to date with a write instead (`updated`; `patched`
   * of them once their page was read again, as `fill`ed); dropped
   * answers kept aside served (`stale`), and computed again in the background for them (`refreshed`).
   */
  readonly stats = { hits: 0, misses: 0, shared: 0, dropped: 0, updated: 0, flushes: 0, stale: 0, refreshed: 0, patched: 0 };
  /**
   * Computed answers not stored, by why (`set`): a change applied since their version could touch
   * them (`touched`), their version is older than the changes still held (`tooOld`), or newer than
   * the cache's (`ahead`: emptied meanwhile).
   */
  readonly keptOut = { touched: 0, tooOld: 0, ahead: 0 };
  /** When the newest applied read began (the `readAt` given to `apply`): every write committed before it is applied. */
  private freshAsAt: number | undefined;
  /**
   * The keys whose kept answer changed since `takeChanged` last ran: stored, brought up to date,
   * completed by a read, dropped or removed (not: expired, or moved in the use order). Null: any
   * may have (emptied, or more changed than are worth listing).
   */
  private changedKeys: Set<string> | null = new Set();

  constructor(
    private readonly maxEntries: number,
    private readonly updater?: AnswerUpdater<V>,
    /** Keep dropped answers aside for requests that may be answered as of before the change (above). */
    private readonly keepDropped = false,
    /**
     * Applies every change committed before it is called (a read begun then): awaited between a
     * computation and storing its answer, so that the changes it may have read are applied and
     * keep it out (`set`) rather than being applied to it once more later.
     */
    private readonly settle?: () => Promise<unknown>,
    /** Reads what an answer brought up to date but for its page's jobs needs (`AnswerUpdater.unread`): see `fill`. */
    private readonly reader?: (pending: PendingAnswer<V>) => Promise<Completion<V>>,
  ) {}

  /** When the newest applied read began (undefined before the first): every write committed before then is applied. */
  get freshAs(): number | undefined {
    return this.freshAsAt;
  }

  /** The newest version applied (what a request's answer is computed from, at least). */
  get version(): number | undefined {
    return this.applied;
  }

  /**
   * Resolves once no answer is being computed, stored or completed by a read. A request that computed
   * an answer has it before it is stored (storing waits for a catch-up: `fly`); tests that go on to
   * write wait for this, so that the write meets the answer kept.
   */
  async settled(): Promise<void> {
    while (this.flights.size) await Promise.allSettled([...this.flights.values()]);
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The keys whose kept answer changed since the last call (see `changedKeys`), null when any may
   * have: what a copy of the answers kept elsewhere (the search thread's) must look at again, with
   * the ones that expired since.
   */
  takeChanged(): Set<string> | null {
    const changed = this.changedKeys;
    this.changedKeys = new Set();
    return changed;
  }

  private noteChanged(key: string): void {
    if (!this.changedKeys) return;
    // Nobody takes them (no copy kept elsewhere): a list past twice the entries says no more than null.
    if (this.changedKeys.size >= 2 * this.maxEntries) this.changedKeys = null;
    else this.changedKeys.add(key);
  }

  /**
   * Applies what the database says changed after `this.version`: `changes` are the rows after it,
   * or null when they were not read (too many, or the first read). `readAt`: when that read began
   * (a clock the caller keeps; the answers dropped now were right as of the previous read's).
   */
  apply(version: number, changes: SearchChange[] | null, ranks: ReadonlyMap<string, number> = new Map(), readAt?: number): void {
    drain(this.applying(version, changes, ranks, readAt));
  }

  /**
   * `apply` in steps: it yields after each answer a change reached and after each change, so that a
   * caller can let requests in between (`inSlices`) instead of holding the event loop for the whole
   * catch-up. Between two steps every answer is right: each shows every change applied to it, and
   * `version` is the last change applied to every answer (a request answered in between sees an
   * answer at least that new). `freshAs` moves only once every change is applied.
   */
  *applying(
    version: number,
    changes: SearchChange[] | null,
    ranks: ReadonlyMap<string, number> = new Map(),
    readAt?: number,
  ): Generator<void, void, void> {
    // Two at once would apply the same changes twice (a count off by one, not a drop): never.
    if (this.stepping) throw new Error('SearchCache: changes are being applied already');
    this.stepping = true;
    try {
      yield* this.steps(version, changes, ranks, readAt);
    } finally {
      this.stepping = false;
    }
  }

  private *steps(
    version: number,
    changes: SearchChange[] | null,
    ranks: ReadonlyMap<string, number>,
    readAt?: number,
  ): Generator<void, void, void> {
    const from = this.applied;
    const asOf = this.freshAsAt;
    const fresh = () => {
      if (readAt !== undefined) this.freshAsAt = Math.max(readAt, asOf ?? readAt);
    };
    if (from === undefined || changes === null || version < from || (version > from && changes[0]?.version !== from + 1)) {
      if (from !== undefined && version !== from) this.clear();
      this.applied = version;
      this.recent = [];
      this.recentFrom = version;
      fresh();
      return;
    }
    for (const change of changes) {
      if (change.version <= from) continue;
      yield* this.drop(change, ranks, asOf);
      this.recent.push(change);
      this.applied = change.version;
      yield;
    }
    if (this.recent.length > keptChanges) {
      const cut = this.recent.length - keptChanges;
      this.recentFrom = this.recent[cut - 1]!.version;
      this.recent = this.recent.slice(cut);
    }
    this.applied = version;
    fresh();
  }

  /**
   * The ranks the updater needs to apply `changes` (read before `apply`, which is given them by
   * `rankKey`): for each change that brings a job's new row, the texts of the answers it reaches
   * that want it. An answer kept in between, or a rank not read, is dropped instead.
   */
  ranksWanted(changes: SearchChange[] | null): RankRequest[] {
    return drain(this.wantingRanks(changes));
  }

  /** `ranksWanted` in steps (see `applying`): it yields after each change. */
  *wantingRanks(changes: SearchChange[] | null): Generator<void, RankRequest[], void> {
    const wanted = new Map<string, RankRequest>();
    if (!this.updater || !changes || this.applied === undefined) return [];
    for (const change of changes) {
      if (change.version <= this.applied || !change.rows?.after || change.jobId === null) continue;
      const rowChange = { jobId: change.jobId, ...change.rows! };
      for (const key of yield* this.reaching(change)) {
        yield;
        const entry = this.entries.get(key);
        if (!entry || entry.asOf !== undefined) continue;
        const text = this.updater.rankWanted(entry.value, rowChange);
        if (text !== null) wanted.set(rankKey(change.version, text), { version: change.version, jobId: change.jobId, text });
      }
      yield;
    }
    return [...wanted.values()];
  }

  /**
   * The answer kept for `key`, if any. `shared`: asked again after waiting for another request's
   * computation of it (counted apart: that request's miss was counted already).
   */
  get(
    key: string,
    { shared = false, now = Date.now(), notBefore = Infinity }: { shared?: boolean; now?: number; notBefore?: number } = {},
  ): V | undefined {
    return this.lookup(key, shared, now, notBefore)?.value;
  }

  /**
   * `get`, telling a dropped answer kept aside (`stale`: served because it was right as of
   * `notBefore` or later) from a current one.
   */
  private lookup(key: string, shared: boolean, now: number, notBefore: number): { value: V; stale: boolean } | undefined {
    const entry = this.entries.get(key);
    if (entry?.shown && entry.expires > now) {
      // Waiting for a read of its page (not removed: the read is asked for now if it is not under
      // way): its last value is served if it was right recently enough, else the request waits for the read.
      this.fill(key, entry.value);
      const { value, asOf } = entry.shown;
      if (!this.keepDropped || asOf === undefined || asOf < notBefore) {
        if (!shared) this.stats.misses++;
        return undefined;
      }
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.stats.stale++;
      return { value, stale: true };
    }
    if (!entry || entry.expires <= now || (entry.asOf !== undefined && entry.asOf < notBefore)) {
      if (entry) this.remove(key);
      if (!shared) this.stats.misses++;
      return undefined;
    }
    // Least recently used first: move it to the end.
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (entry.asOf !== undefined) this.stats.stale++;
    else if (shared) this.stats.shared++;
    else this.stats.hits++;
    return { value: entry.value, stale: entry.asOf !== undefined };
  }

  /**
   * What a request may be served for `key` without asking the cache (a copy kept elsewhere: the
   * search thread's, search-thread.ts), as `lookup` would serve it: the value and the moment it is
   * right as of (undefined: as of `freshAs`, every change applied), or undefined when a request
   * must ask: none kept, expired, waiting for a read with no value right as of a known moment, or
   * dropped and kept aside (serving that begins its computation again: `getOrCompute`).
   * Counts nothing and moves nothing.
   */
  peek(key: string, now = Date.now()): { value: V; asOf: number | undefined; expires: number } | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.expires <= now || entry.asOf !== undefined) return undefined;
    if (entry.shown) {
      const { value, asOf } = entry.shown;
      return this.keepDropped && asOf !== undefined ? { value, asOf, expires: entry.expires } : undefined;
    }
    return { value: entry.value, asOf: undefined, expires: entry.expires };
  }

  /**
   * A request for `key` was served from such a copy (which counts it): the answer counts as used
   * now (least recently used last), and an answer waiting for a read asks for it as `lookup` does.
   */
  touch(key: string, now = Date.now()): void {
    const entry = this.entries.get(key);
    if (!entry || entry.expires <= now || entry.asOf !== undefined) return;
    if (entry.shown) this.fill(key, entry.value);
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  /**
   * The answer for `key`: kept, or being computed for another request (a popular search just
   * dropped by a write, or expired: its askers wait for one computation instead of each making
   * their own), or computed now by `compute` from data at least as new as `version` (or the newer
   * version it answers with) and kept.
   * A computation another request began is used only if it was stored, that is if nothing applied
   * since it began could change it (which covers every write committed before this request
   * arrived, applied at `version`); if it was not, this request waits for the next computation
   * another waiter began, or computes its own.
   * An answer a change dropped, kept aside and right as of `notBefore` or later, is served at once,
   * while one computation (this request's, unless one runs) brings it up to date.
   */
  async getOrCompute(key: string, version: number, compute: () => Promise<Computed<V>>, notBefore = Infinity): Promise<V> {
    const found = this.lookup(key, false, Date.now(), notBefore);
    if (found?.stale && !this.flights.has(key)) {
      this.stats.refreshed++;
      this.fly(key, version, compute).catch(() => undefined);
    }
    if (found) return found.value;
    let value: V | undefined;
    // Twice at most: when a computation failed or was not kept, the first of its waiters begins
    // another and the others wait for that one, rather than all computing at once (under overload,
    // a failure is a pool time-out: that many more searches would make it worse).
    for (let waited = 0; waited < 2; waited++) {
      const flight = this.flights.get(key);
      if (!flight) break;
      await flight.catch(() => undefined);
      value = this.get(key, { shared: true, notBefore });
      if (value !== undefined) return value;
    }
    return this.fly(key, version, compute);
  }

  /**
   * Asks at once for the reads that the answers the changes applied last left waiting need, as the
   * catch-up ends: an answer is read before it is asked for again (a request finding it older than
   * it may show would wait for the read). The reader shares one statement between them.
   */
  readWaiting(): void {
    for (const key of this.waiting) {
      const entry = this.entries.get(key);
      if (entry?.shown) this.fill(key, entry.value);
    }
    this.waiting.clear();
  }

  /**
   * Reads what an answer waiting for a read needs (`reader`, from data at least as new as the
   * changes applied now), asked for by the first request that finds it (answers nobody asks for are
   * not read): the completion is applied to its value when the read comes back, which later changes
   * may have moved on (then the read may not cover it: it stays waiting, and the next request asks
   * for another). Requests that must wait for it wait for this instead of computing it.
   */
  private fill(key: string, value: V): void {
    if (!this.reader || this.flights.has(key)) return;
    const asked = this.applied ?? -Infinity;
    // The answers one shared read completes are completed in paced turns (`completing`), not all at once.
    const filling = this.reader({ key, value }).then((complete) =>
      completing(() => {
        const entry = this.entries.get(key);
        // Completed by another read, computed again, dropped or gone meanwhile.
        if (!entry?.shown) return entry?.value;
        const named = entry.named;
        const completed = complete(entry.value, (jobId) => (named?.get(jobId) ?? -Infinity) > asked);
        if (completed === null) return undefined;
        entry.value = completed;
        entry.shown = undefined;
        entry.named = undefined;
        this.noteChanged(key);
        this.stats.patched++;
        return completed;
      }),
    );
    this.flights.set(key, filling as Promise<V>);
    const done = () => {
      if (this.flights.get(key) === filling) this.flights.delete(key);
    };
    filling.then(done, () => {
      done();
      if (this.entries.get(key)?.shown) this.forget(key);
    });
  }

  /**
   * Computes the answer for `key` (from data at least as new as `version`) and keeps it, once what
   * was written while it was computed is applied (`settle`, unless the computation read only what
   * a change applied already names: `settled`); other requests for it wait for that meanwhile,
   * while the one that computed it has it at once.
   */
  private fly(key: string, version: number, compute: () => Promise<Computed<V>>, settled = !this.settle): Promise<V> {
    const computing = compute();
    const storing = computing.then(async ({ value: computed, reach, ttlMs, version: since = version }) => {
      if (!settled) await this.settle!();
      this.set(key, since, computed, reach, ttlMs);
      return computed;
    });
    this.flights.set(key, storing);
    const done = () => {
      if (this.flights.get(key) === storing) this.flights.delete(key);
    };
    storing.then(done, done);
    return computing.then(({ value }) => value);
  }

  /**
   * Stores an answer computed from data at least as new as `version`. Changes applied since then
   * (written while it was computed) that could touch it keep it out, as do changes no longer held.
   */
  set(key: string, version: number, value: V, reach: AnswerReach, ttlMs: number, now = Date.now()): void {
    if (this.applied === undefined || version > this.applied) {
      this.keptOut.ahead++;
      return;
    }
    if (version < this.applied) {
      if (this.recentFrom === undefined || version < this.recentFrom) {
        this.keptOut.tooOld++;
        return;
      }
      for (const change of this.recent)
        if (change.version > version && touches(change, reach)) {
          this.keptOut.touched++;
          return;
        }
    }
    this.remove(key);
    const words = wordsNeeded(reach);
    // Every field set from the start (and cleared to undefined, never deleted): entries keep one shape.
    this.entries.set(key, {
      jobIds: reach.jobIds,
      terms: reach.terms,
      words,
      gate: this.updater?.gate?.(value) ?? null,
      value,
      expires: now + ttlMs,
      asOf: undefined,
      shown: undefined,
      named: undefined,
    });
    this.stored++;
    this.noteChanged(key);
    for (const id of reach.jobIds) addTo(this.byJob, id, key);
    if (words === null) this.wordless.add(key);
    else for (const word of words) addTo(this.byLexeme, word, key);
    while (this.entries.size > this.maxEntries) this.remove(this.entries.keys().next().value!);
  }

  private *drop(change: SearchChange, ranks: ReadonlyMap<string, number>, asOf: number | undefined): Generator<void, void, void> {
    if (change.jobId === null) {
      this.clear();
      return;
    }
    // What bringing each answer up to date asks of the change, made once for them all.
    const rows = change.rows && { jobId: change.jobId, ...change.rows };
    const rankOf = (text: string) => ranks.get(rankKey(change.version, text));
    for (const key of this.reached(change)) {
      yield;
      // Gone since it was found (dropped by an earlier change, or expired), or kept aside.
      const entry = this.entries.get(key);
      if (!entry || entry.asOf !== undefined) continue;
      const updated = this.updated(entry, change, rows, rankOf);
      this.noteChanged(key);
      if (updated === null) {
        this.stats.dropped++;
        this.forget(key, asOf);
        continue;
      }
      this.stats.updated++;
      // Changes reach it by the jobs its page shows now (one may have come that it did not show,
      // shown as the page it came from showed it: job-search.service's updater).
      const page = this.updater!.pageOf?.(updated);
      if (page) this.reindex(key, entry, page);
      if (this.updater!.unread?.(updated) === true) {
        // Its page needs a read: its last complete value is served meanwhile within the bound, until
        // the read completes it.
        entry.shown ??= { value: entry.value, asOf };
        (entry.named ??= new Map()).set(change.jobId!, change.version);
        this.waiting.add(key);
      } else {
        entry.shown = undefined;
        entry.named = undefined;
      }
      entry.value = updated;
    }
  }

  /**
   * The updater's value for an entry a change to a job reaches: brought up to date with the job's
   * search rows, or with the job read again when only how it shows changed and its page shows it.
   * Null: dropped.
   */
  private updated(
    entry: Entry<V>,
    change: SearchChange,
    rows: RowChange | undefined,
    rankOf: (text: string) => number | undefined,
  ): V | null {
    const jobId = change.jobId!;
    if (!this.updater) return null;
    if (rows) return this.updater.update(entry.value, rows, rankOf);
    if (change.lexemes === null && entry.jobIds.includes(jobId)) return this.updater.reread?.(entry.value, jobId) ?? null;
    return null;
  }

  /** The keys of the answers a change to a job may touch (some may have gone since: see `reachedBy`). */
  private reached(change: SearchChange): Set<string> {
    return drain(this.reaching(change));
  }

  /**
   * `reached` in steps: it yields after every `testsPerStep` answers it tests (a job's words reach
   * hundreds, and testing them all at once held the event loop for up to 27 ms). Answers stored
   * meanwhile are not among those found: they are found again when asked after that (`reachedBy`
   * records how many answers had been stored when it began).
   */
  private *reaching(change: SearchChange): Generator<void, Set<string>, void> {
    const known = this.reachedBy.get(change);
    if (known?.stored === this.stored) return known.keys;
    const stored = this.stored;
    const jobId = change.jobId!;
    const keys = new Set(this.byJob.get(jobId));
    if (change.lexemes !== null) {
      // An answer whose gate both rows fail is not reached (unless its page shows the job: above).
      const { before = null, after = null } = change.rows ?? {};
      // Answers with the same filters share a test (its `key`): tested once for the change.
      const verdicts = new Map<string, boolean>();
      const passes = (gate: Gate | null) => {
        if (!change.rows || gate === null) return true;
        let verdict = gate.key === undefined ? undefined : verdicts.get(gate.key);
        if (verdict === undefined) {
          verdict = (before !== null && gate(before, jobId)) || (after !== null && gate(after, jobId));
          if (gate.key !== undefined) verdicts.set(gate.key, verdict);
        }
        return verdict;
      };
      let tested = 0;
      for (const key of this.wordless) {
        // Gone meanwhile (removed between two steps).
        const entry = this.entries.get(key);
        if (entry && passes(entry.gate)) keys.add(key);
        if (++tested % testsPerStep === 0) yield;
      }
      // The answers indexed by a word of the job (`wordsNeeded`), then those whose query the job may match.
      const lexemes = new Set(change.lexemes);
      for (const lexeme of lexemes) {
        for (const key of this.byLexeme.get(lexeme) ?? []) {
          if (keys.has(key)) continue;
          const entry = this.entries.get(key);
          if (entry && mayMatch(entry.terms!, lexemes) && passes(entry.gate)) keys.add(key);
          if (++tested % testsPerStep === 0) yield;
        }
      }
    }
    this.reachedBy.set(change, { stored, keys });
    return keys;
  }

  /**
   * Takes a dropped answer out: with `keepDropped`, kept aside out of the indexes (later changes
   * leave it as it was) with its last complete value, right as of when it was last known right;
   * else removed.
   */
  private forget(key: string, asOf?: number): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    const last = entry.shown ?? { value: entry.value, asOf };
    if (!this.keepDropped || last.asOf === undefined) {
      this.remove(key);
      return;
    }
    this.unindex(key, entry);
    this.noteChanged(key);
    entry.value = last.value;
    entry.asOf = last.asOf;
    entry.shown = undefined;
    entry.named = undefined;
  }

  /**
   * Indexes an answer waiting for a read by the jobs its page shows now. The answers the changes
   * still to apply reach were found before (`reachedBy`) and are not found again: a change to a job
   * that has just come onto the page reaches it by its words anyway, or (how the job shows only)
   * needs nothing, since that job is read after this catch-up.
   */
  private reindex(key: string, entry: Entry<V>, jobIds: readonly number[]): void {
    const was = entry.jobIds;
    if (was.length === jobIds.length && was.every((id, i) => id === jobIds[i])) return;
    const before = new Set(was);
    const now = new Set(jobIds);
    for (const id of was) if (!now.has(id)) removeFrom(this.byJob, id, key);
    for (const id of now) if (!before.has(id)) addTo(this.byJob, id, key);
    entry.jobIds = jobIds;
  }

  private clear(): void {
    this.stats.dropped += this.entries.size;
    this.stats.flushes++;
    this.entries.clear();
    this.changedKeys = null;
    this.byJob.clear();
    this.byLexeme.clear();
    this.wordless.clear();
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.noteChanged(key);
    this.unindex(key, entry);
  }

  private unindex(key: string, entry: Entry<V>): void {
    for (const id of entry.jobIds) removeFrom(this.byJob, id, key);
    if (entry.words === null) this.wordless.delete(key);
    else for (const word of entry.words) removeFrom(this.byLexeme, word, key);
  }
}

/** Runs steps (`SearchCache.applying`) to the end at once. */
function drain<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** How `apply` finds the rank read for a change's job against a text. */
export const rankKey = (version: number, text: string) => `${version} ${text}`;

/** Whether a change can alter an answer that reaches so far. */
export function touches(change: SearchChange, reach: AnswerReach): boolean {
  if (change.jobId === null) return true;
  if (reach.jobIds.includes(change.jobId)) return true;
  if (change.lexemes === null) return false;
  return reach.terms === null || mayMatch(reach.terms, new Set(change.lexemes));
}

function addTo<K>(index: Map<K, Set<string>>, k: K, key: string): void {
  let keys = index.get(k);
  if (!keys) index.set(k, (keys = new Set()));
  keys.add(key);
}

function removeFrom<K>(index: Map<K, Set<string>>, k: K, key: string): void {
  const keys = index.get(k);
  if (!keys) return;
  keys.delete(key);
  if (!keys.size) index.delete(k);
}
