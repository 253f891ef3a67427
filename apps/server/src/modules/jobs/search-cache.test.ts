import { describe, expect, it, vi } from 'vitest';
import { SearchCache, rankKey, touches, type AnswerReach, type Gate, type SearchChange } from './search-cache';
import type { SearchRow } from './live-answers';

const job = (version: number, jobId: number, lexemes: string[] | null = null): SearchChange => ({ version, jobId, lexemes });
const everything = (version: number): SearchChange => ({ version, jobId: null, lexemes: null });
const minute = 60_000;

/** A cache that has read version 10, holding a python answer showing jobs 1 and 2, and a browse answer showing job 3. */
function filled() {
  const cache = new SearchCache<string>(100);
  cache.apply(10, null);
  cache.set('python', 10, 'python answer', { jobIds: [1, 2], terms: 'python' }, minute);
  cache.set('browse', 10, 'browse answer', { jobIds: [3], terms: null }, minute);
  cache.set('nurse', 10, 'nurse answer', { jobIds: [4], terms: 'nurs' }, minute);
  return cache;
}

describe('the search cache', () => {
  it('tells a copy elsewhere what it may serve (peek) and keeps an answer served there from going first (touch), counting neither', () => {
    const cache = new SearchCache<string>(3, undefined, true);
    cache.apply(10, null, new Map(), 1000);
    cache.set('python', 10, 'python answer', { jobIds: [1], terms: 'python' }, minute);
    cache.set('browse', 10, 'browse answer', { jobIds: [3], terms: null }, minute);
    cache.set('nurse', 10, 'nurse answer', { jobIds: [4], terms: 'nurs' }, minute);
    expect(cache.peek('python')).toEqual({ value: 'python answer', asOf: undefined, expires: expect.any(Number) });
    expect(cache.peek('rust')).toBeUndefined();
    expect(cache.peek('python', Date.now() + 2 * minute)).toBeUndefined();
    // Served from the copy: the least recently used is now the browse answer, not the python one.
    cache.touch('python');
    cache.set('rust', 10, 'rust answer', { jobIds: [5], terms: 'rust' }, minute);
    expect(cache.peek('browse')).toBeUndefined();
    expect(cache.peek('python')?.value).toBe('python answer');
    expect(cache.stats).toMatchObject({ hits: 0, misses: 0, stale: 0 });
    // Dropped and kept aside: the copy must ask (serving it begins its computation again).
    cache.apply(11, [job(11, 6, ['rust'])], new Map(), 2000);
    expect(cache.get('rust', { notBefore: 1000 })).toBe('rust answer');
    expect(cache.peek('rust')).toBeUndefined();
  });

  it('tells a copy elsewhere which answers changed since it last asked (takeChanged): stored, brought up to date, dropped, evicted; all after emptying', () => {
    const cache = new SearchCache<string>(
      3,
      { rankWanted: () => null, update: (value) => (value === 'python answer' ? 'python, updated' : null) },
      true,
    );
    cache.apply(10, null, new Map(), 1000);
    cache.set('python', 10, 'python answer', { jobIds: [1], terms: 'python' }, minute);
    cache.set('nurse', 10, 'nurse answer', { jobIds: [4], terms: 'nurs' }, minute);
    cache.set('rust', 10, 'rust answer', { jobIds: [5], terms: 'rust' }, minute);
    expect(cache.takeChanged()).toEqual(new Set(['python', 'nurse', 'rust']));
    expect(cache.takeChanged()).toEqual(new Set());
    // Served and looked at: no change.
    cache.get('python');
    cache.peek('nurse');
    cache.touch('rust');
    expect(cache.takeChanged()).toEqual(new Set());
    // A change reaching the python answer (brought up to date) and the rust one (dropped, kept aside); the nurse one untouched.
    cache.apply(
      12,
      [{ version: 11, jobId: 9, lexemes: ['python'], rows: { before: null, after: null } }, job(12, 5, ['rust'])],
      new Map(),
      2000,
    );
    expect(cache.get('python')).toBe('python, updated');
    expect(cache.takeChanged()).toEqual(new Set(['python', 'rust']));
    // One more answer than it holds: the least recently used goes, and both count.
    cache.set('java', 12, 'java answer', { jobIds: [6], terms: 'java' }, minute);
    cache.set('go', 12, 'go answer', { jobIds: [7], terms: 'go' }, minute);
    expect(cache.takeChanged()).toEqual(new Set(['java', 'go', 'nurse', 'rust']));
    // Emptied by a change naming no job: any may have changed.
    cache.apply(13, [everything(13)], new Map(), 3000);
    expect(cache.takeChanged()).toBeNull();
    expect(cache.takeChanged()).toEqual(new Set());
  });
  it('keeps answers a change cannot touch and drops those it can', () => {
    const cache = filled();
    // A new job with other words: only answers without words can gain it.
    cache.apply(11, [job(11, 50, ['rust', 'engin'])]);
    expect(cache.get('python')).toBe('python answer');
    expect(cache.get('nurse')).toBe('nurse answer');
    expect(cache.get('browse')).toBeUndefined();
    // A job with python in it, before or after its change.
    cache.apply(12, [job(12, 51, ['python', 'develop'])]);
    expect(cache.get('python')).toBeUndefined();
    expect(cache.get('nurse')).toBe('nurse answer');
  });

  it('offers an answer a change reaches to the updater, with the rank it asked for, and finds an answer stored meanwhile too', () => {
    const ranksSeen: Array<number | undefined> = [];
    const cache = new SearchCache<string>(100, {
      rankWanted: () => 'python',
      update: (value, _change, rankOf) => {
        ranksSeen.push(rankOf('python'));
        return value.startsWith('kept') ? `${value}, up to date` : null;
      },
    });
    cache.apply(10, null);
    cache.set('python', 10, 'kept python answer', { jobIds: [1], terms: 'python' }, minute);
    const change: SearchChange = { ...job(11, 60, ['python', 'develop']), rows: { before: null, after: {} as SearchRow } };
    expect(cache.ranksWanted([change])).toEqual([{ version: 11, jobId: 60, text: 'python' }]);
    // Stored while the ranks are read: the change reaches it as well.
    cache.set('python developer', 10, 'python developer answer', { jobIds: [2], terms: { and: ['python', 'develop'] } }, minute);
    cache.set('rust', 10, 'kept rust answer', { jobIds: [3], terms: 'rust' }, minute);
    cache.apply(11, [change], new Map([[rankKey(11, 'python'), 0.5]]));
    expect(cache.get('python')).toBe('kept python answer, up to date');
    expect(cache.get('python developer')).toBeUndefined();
    expect(cache.get('rust')).toBe('kept rust answer');
    expect(ranksSeen).toEqual([0.5, 0.5]);
    expect(cache.stats).toMatchObject({ updated: 1, dropped: 1 });
  });

  it("tests a change once against each group of answers that share a gate's key, and passes or skips the whole group by that verdict", () => {
    const calls: string[] = [];
    // The gate a value names: `open/...` passes open rows, `closed/...` none; one without a key is tested each time.
    const gateFor = (value: string): Gate => {
      const [kind, keyed] = value.split('/');
      const gate: Gate = (row) => {
        calls.push(value);
        return kind === 'open' && row.isOpen;
      };
      if (keyed !== 'unkeyed') gate.key = kind;
      return gate;
    };
    const cache = new SearchCache<string>(100, {
      rankWanted: () => null,
      update: (value) => `${value}+`,
      gate: gateFor,
    });
    cache.apply(10, null);
    const answers = ['open/python', 'open/python p2', 'closed/python', 'closed/python p2', 'open/unkeyed', 'open/unkeyed'];
    answers.forEach((value, i) => cache.set(`k${i}`, 10, value, { jobIds: [100 + i], terms: 'python' }, minute));
    const change: SearchChange = { ...job(11, 60, ['python']), rows: { before: null, after: { isOpen: true } as SearchRow } };
    cache.apply(11, [change]);
    expect(answers.map((_, i) => cache.get(`k${i}`))).toEqual([
      'open/python+',
      'open/python p2+',
      'closed/python',
      'closed/python p2',
      'open/unkeyed+',
      'open/unkeyed+',
    ]);
    // One call for each key (the first answer of its group), one for each answer without a key.
    expect(calls.sort()).toEqual(['closed/python', 'open/python', 'open/unkeyed', 'open/unkeyed']);
  });

  it('keeps a dropped answer aside for the requests that may be answered as of before the change, computing it again once meanwhile', async () => {
    const updates: string[] = [];
    const cache = new SearchCache<string>(
      100,
      {
        rankWanted: () => null,
        update: (value) => {
          updates.push(value);
          return null;
        },
      },
      true,
    );
    cache.apply(10, null, new Map(), 1_000);
    cache.set('python', 10, 'python at 10', { jobIds: [1], terms: 'python' }, minute);
    // Read at 1,200: the answer was right as of 1,000, the read before.
    cache.apply(11, [{ ...job(11, 60, ['python']), rows: { before: null, after: {} as SearchRow } }], new Map(), 1_200);
    expect(cache.freshAs).toBe(1_200);
    expect(cache.stats).toMatchObject({ dropped: 1 });

    let computations = 0;
    let finish!: () => void;
    const compute = () => {
      computations++;
      return new Promise<{ value: string; reach: AnswerReach; ttlMs: number }>((resolve) => {
        finish = () => resolve({ value: 'python at 11', reach: { jobIds: [1, 60], terms: 'python' }, ttlMs: minute });
      });
    };
    // Requests that may be answered as of 1,000 get it at once, while one computation runs.
    expect(await cache.getOrCompute('python', 11, compute, 900)).toBe('python at 10');
    expect(await cache.getOrCompute('python', 11, compute, 1_000)).toBe('python at 10');
    expect(computations).toBe(1);
    expect(cache.stats.stale).toBe(2);
    // One that must show what was written after 1,000 waits for the computation.
    const later = cache.getOrCompute('python', 11, compute, 1_001);
    finish();
    expect(await later).toBe('python at 11');
    expect(computations).toBe(1);
    expect(cache.get('python', { notBefore: 5_000 })).toBe('python at 11');

    // Kept aside, an answer is out of the indexes: later changes neither update nor count it.
    cache.set('rust', 11, 'rust at 11', { jobIds: [2], terms: 'rust' }, minute);
    cache.apply(12, [{ ...job(12, 61, ['rust']), rows: { before: null, after: {} as SearchRow } }], new Map(), 1_400);
    cache.apply(13, [{ ...job(13, 62, ['rust']), rows: { before: null, after: {} as SearchRow } }], new Map(), 1_600);
    expect(updates).toEqual(['python at 10', 'rust at 11']);
    expect(cache.stats.dropped).toBe(2);
    expect(cache.get('rust', { notBefore: 1_200 })).toBe('rust at 11');
    // Too old for this request: gone, and the request computes it.
    expect(cache.get('rust', { notBefore: 1_201 })).toBeUndefined();
    expect(cache.get('rust', { notBefore: 0 })).toBeUndefined();
  });

  it('stores a computed answer only once what was written while it was computed is applied (settle)', async () => {
    const settle = vi.fn(async (): Promise<unknown> => undefined);
    const cache = new SearchCache<string>(100, undefined, false, settle);
    // What the computation read includes job 60, written after version 10: settling applies it.
    settle.mockImplementation(async () => cache.apply(11, [job(11, 60, ['python'])]));
    cache.apply(10, null);
    const compute = async () => ({ value: 'python with job 60', reach: { jobIds: [60], terms: 'python' } as AnswerReach, ttlMs: minute });
    expect(await cache.getOrCompute('python', 10, compute)).toBe('python with job 60');
    await vi.waitFor(() => expect(settle).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    // Applied afterwards, job 60's change would be counted in it twice: it is not kept.
    expect(cache.get('python')).toBeUndefined();
    // An answer the change cannot touch is kept.
    settle.mockImplementation(async () => cache.apply(12, [job(12, 61, ['rust'])]));
    expect(
      await cache.getOrCompute('nurse', 11, async () => ({ value: 'nurse', reach: { jobIds: [], terms: 'nurs' }, ttlMs: minute })),
    ).toBe('nurse');
    await vi.waitFor(() => expect(cache.get('nurse')).toBe('nurse'));
  });

  it('tells when every answer computed is stored (settled): the request that computed one has it first', async () => {
    let settling!: () => void;
    const cache = new SearchCache<string>(100, undefined, false, () => new Promise<void>((resolve) => (settling = resolve)));
    cache.apply(10, null);
    const compute = async () => ({ value: 'nurse', reach: { jobIds: [], terms: 'nurs' } as AnswerReach, ttlMs: minute });
    expect(await cache.getOrCompute('nurse', 10, compute)).toBe('nurse');
    let settled = false;
    const waiting = cache.settled().then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Not stored yet (the catch-up after its computation runs on): not settled.
    expect([cache.size, settled]).toEqual([0, false]);
    settling();
    await waiting;
    expect(cache.get('nurse')).toBe('nurse');
    await cache.settled();
  });

  it('keeps an answer whose page waits for a read where changes reach it, serving its last value meanwhile, and completes it by a read the first request asks for', async () => {
    // A value is "v<n>" or, waiting for a read, "v<n>?" (its page: job 1 and the jobs its changes brought).
    const pages = new Map<string, number[]>([['v1', [1]]]);
    // A read completes the value it comes back to if it covers every job its page came to show (all
    // but job 1) and no change named one of them after it was asked for.
    const completion = (covered: number[]) => (value: string, changedSince: (jobId: number) => boolean) => {
      const unread = pages.get(value)!.filter((id) => id !== 1);
      if (unread.some((id) => changedSince(id) || !covered.includes(id))) return null;
      const done = value.replace(/[+?]/g, '');
      pages.set(done, pages.get(value)!);
      return done;
    };
    // The reads asked for, answered by the test.
    const reads: Array<{ value: string; back: (covered: number[]) => void }> = [];
    const cache = new SearchCache<string>(
      100,
      {
        rankWanted: () => null,
        update: (value, change) => {
          if (change.jobId === 99) return null;
          const next = `v${Number(/\d+/.exec(value)![0]) + 1}?`;
          pages.set(next, [...pages.get(value)!, change.jobId]);
          return next;
        },
        unread: (value) => value.endsWith('?'),
        reread: (value) => {
          const next = `${value.replace('?', '')}+?`;
          pages.set(next, pages.get(value)!);
          return next;
        },
        pageOf: (value) => pages.get(value) ?? [],
      },
      true,
      undefined,
      ({ value }) => new Promise((resolve) => reads.push({ value, back: (covered) => resolve(completion(covered)) })),
    );
    const row = (version: number, jobId: number): SearchChange => ({
      ...job(version, jobId, ['python']),
      rows: { before: null, after: {} as SearchRow },
    });
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
    cache.apply(10, null, new Map(), 1_000);
    cache.set('python', 10, 'v1', { jobIds: [1], terms: 'python' }, minute);
    cache.apply(11, [row(11, 60)], new Map(), 1_200);
    // Nobody asked for it yet: nothing read.
    expect(reads).toEqual([]);
    // Its last complete value, right as of 1,000, for a request that may be answered so (which asks
    // for the read); for one that may not, none (it would wait for that read).
    expect(cache.get('python', { notBefore: 900 })).toBe('v1');
    expect(cache.get('python', { notBefore: 1_100 })).toBeUndefined();
    expect(reads.map((r) => r.value)).toEqual(['v2?']);
    // A new job (61) comes onto its page, and a change to how job 60 shows still reaches it: it is
    // indexed by the jobs its page shows now.
    cache.apply(13, [row(12, 61), job(13, 60)], new Map(), 1_400);
    expect(cache.stats).toMatchObject({ updated: 3, dropped: 0 });
    // The read was asked for before that change to job 60: it does not complete it, even covering both jobs.
    reads[0]!.back([60, 61]);
    await tick();
    expect(cache.get('python', { notBefore: 900 })).toBe('v1');
    // That request asked for another, which completes it.
    expect(reads.map((r) => r.value)).toEqual(['v2?', 'v3+?']);
    reads[1]!.back([60, 61]);
    await vi.waitFor(() => expect(cache.get('python')).toBe('v3'));
    expect(cache.stats).toMatchObject({ patched: 1 });
    // When a change leaves answers waiting, their reads are asked for as the catch-up ends
    // (`readWaiting`), whether they were asked for or not; a request then shares that read.
    cache.set('python rust', 13, 'v1', { jobIds: [1], terms: { or: ['python', 'rust'] } }, minute);
    cache.apply(14, [row(14, 62)], new Map(), 1_600);
    expect(reads.map((r) => r.value)).toEqual(['v2?', 'v3+?']);
    cache.readWaiting();
    expect(reads.map((r) => r.value)).toEqual(['v2?', 'v3+?', 'v4?', 'v2?']);
    expect(cache.get('python rust', { notBefore: 900 })).toBe('v1');
    expect(reads).toHaveLength(4);
    // A change that drops it while it waits keeps its last complete value aside, as of when it was
    // last right (the read before the change that left it waiting, at 1,400).
    cache.apply(15, [row(15, 99)], new Map(), 1_800);
    expect(cache.stats).toMatchObject({ dropped: 2, flushes: 0 });
    expect(cache.get('python', { notBefore: 1_300 })).toBe('v3');
    expect(cache.get('python', { notBefore: 1_500 })).toBeUndefined();
  });

  it('applies changes in steps: between two, each answer shows the changes applied to it, the version the last applied to all, and freshness moves at the end', () => {
    const cache = new SearchCache<string>(100, { rankWanted: () => null, update: (value, change) => `${value}+${change.jobId}` });
    const row = (version: number, jobId: number, lexemes: string[]): SearchChange => ({
      ...job(version, jobId, lexemes),
      rows: { before: null, after: {} as SearchRow },
    });
    cache.apply(10, null, new Map(), 1_000);
    cache.set('browse', 10, 'b', { jobIds: [3], terms: null }, minute);
    cache.set('python', 10, 'p', { jobIds: [1], terms: 'python' }, minute);
    const seen: string[] = [];
    const look = () => seen.push(`${cache.version} ${cache.freshAs} ${cache.get('browse')} ${cache.get('python')}`);
    const steps = cache.applying(12, [row(11, 60, ['python']), row(12, 61, ['rust'])], new Map(), 1_200);
    look();
    while (!steps.next().done) {
      look();
      // Never two at once (the same changes would be applied twice).
      expect(() => cache.applying(13, [], new Map()).next()).toThrow('being applied already');
    }
    look();
    expect([...new Set(seen)]).toEqual([
      '10 1000 b p',
      // Job 60 reaches the browse answer, then the python answer: only then is version 11 applied to all.
      '10 1000 b+60 p',
      '11 1000 b+60 p+60',
      // Job 61 reaches the browse answer only.
      '12 1000 b+60+61 p+60',
      '12 1200 b+60+61 p+60',
    ]);
    // Applied at once, the same.
    const once = new SearchCache<string>(100, { rankWanted: () => null, update: (value, change) => `${value}+${change.jobId}` });
    once.apply(10, null, new Map(), 1_000);
    once.set('browse', 10, 'b', { jobIds: [3], terms: null }, minute);
    once.apply(12, [row(11, 60, ['python']), row(12, 61, ['rust'])], new Map(), 1_200);
    expect([once.version, once.freshAs, once.get('browse')]).toEqual([12, 1_200, 'b+60+61']);
  });

  it('drops answers outright unless told to keep them aside', () => {
    const cache = new SearchCache<string>(100);
    cache.apply(10, null, new Map(), 1_000);
    cache.set('python', 10, 'python at 10', { jobIds: [1], terms: 'python' }, minute);
    cache.apply(11, [job(11, 60, ['python'])], new Map(), 1_200);
    expect(cache.get('python', { notBefore: 0 })).toBeUndefined();
  });

  it('drops the answers showing a job whose look changed, and only those', () => {
    const cache = filled();
    cache.apply(11, [job(11, 4)]);
    expect(cache.get('nurse')).toBeUndefined();
    expect(cache.get('python')).toBe('python answer');
    expect(cache.get('browse')).toBe('browse answer');
  });

  it('drops everything on a change naming no job, and on a gap in the versions read', () => {
    const a = filled();
    a.apply(12, [job(11, 99, ['zzz']), everything(12)]);
    expect([a.get('python'), a.get('nurse')]).toEqual([undefined, undefined]);

    const b = filled();
    b.apply(15, [job(14, 99, ['zzz'])]); // 11 to 13 not read
    expect(b.get('nurse')).toBeUndefined();
    expect(b.version).toBe(15);

    const c = filled();
    c.apply(400, null); // too far behind to read
    expect(c.get('nurse')).toBeUndefined();

    const d = filled();
    d.apply(3, []); // the database went back (restored)
    expect(d.get('nurse')).toBeUndefined();
  });

  it('does not store an answer that a change written while it was computed could touch', () => {
    const cache = filled();
    // Computed from version 10; meanwhile version 11 added a python job and 12 edited job 4.
    cache.apply(12, [job(11, 60, ['python']), job(12, 4)]);
    cache.set('python senior', 10, 'stale', { jobIds: [1], terms: { or: ['python', 'senior'] } }, minute);
    cache.set('nurse 2', 10, 'stale', { jobIds: [4], terms: 'nurs' }, minute);
    cache.set('rust', 10, 'fresh', { jobIds: [7], terms: 'rust' }, minute);
    expect(cache.get('python senior')).toBeUndefined();
    expect(cache.get('nurse 2')).toBeUndefined();
    expect(cache.get('rust')).toBe('fresh');
    // From before the changes it still holds: not stored.
    const fresh = new SearchCache<string>(10);
    fresh.apply(20, null);
    fresh.apply(21, [job(21, 1, ['a'])]);
    fresh.set('x', 19, 'too old', { jobIds: [], terms: 'b' }, minute);
    expect(fresh.get('x')).toBeUndefined();
  });

  it('expires answers and lets the least recently used go first', () => {
    const cache = new SearchCache<string>(2);
    cache.apply(1, null);
    const now = 1_000_000;
    cache.set('a', 1, 'A', { jobIds: [], terms: 'a' }, 1000, now);
    cache.set('b', 1, 'B', { jobIds: [], terms: 'b' }, 1000, now);
    expect(cache.get('a', { now: now + 10 })).toBe('A');
    cache.set('c', 1, 'C', { jobIds: [], terms: 'c' }, 1000, now);
    expect(cache.get('b', { now: now + 10 })).toBeUndefined();
    expect(cache.get('a', { now: now + 999 })).toBe('A');
    expect(cache.get('a', { now: now + 1000 })).toBeUndefined();
    expect(cache.size).toBe(1);
    // A dropped entry leaves nothing behind in the indexes: a later change touching it is harmless.
    cache.apply(2, [job(2, 5, ['a', 'c'])]);
    expect(cache.size).toBe(0);
  });

  it('says whether a change can touch an answer', () => {
    const reach = { jobIds: [1], terms: 'python' };
    expect(touches(job(2, 1), reach)).toBe(true);
    expect(touches(job(2, 2), reach)).toBe(false);
    expect(touches(job(2, 2, ['python']), reach)).toBe(true);
    expect(touches(job(2, 2, ['java']), reach)).toBe(false);
    expect(touches(job(2, 2, ['java']), { jobIds: [], terms: null })).toBe(true);
    expect(touches(everything(2), { jobIds: [], terms: 'x' })).toBe(true);
  });

  it('drops an answer only when the job may match its query: every word, either side of an or, an excluded word ruling nothing out', () => {
    const cache = new SearchCache<string>(100);
    cache.apply(1, null);
    const answers: Array<[string, AnswerReach]> = [
      ['python developer', { jobIds: [], terms: { and: ['python', 'develop'] } }],
      ['python or rust', { jobIds: [], terms: { or: ['python', 'rust'] } }],
      ['python -java', { jobIds: [], terms: { and: ['python', { not: 'java' }] } }],
      ['-java', { jobIds: [], terms: { not: 'java' } }],
    ];
    for (const [key, reach] of answers) cache.set(key, 1, key, reach, minute);
    // Python without develop: the two-word answer cannot gain or lose it.
    cache.apply(2, [job(2, 70, ['python', 'senior'])]);
    expect(answers.map(([key]) => cache.get(key))).toEqual(['python developer', undefined, undefined, undefined]);
    for (const [key, reach] of answers) cache.set(key, 2, key, reach, minute);
    // Rust and java: only the or, and the answer that needs no word.
    cache.apply(3, [job(3, 71, ['rust', 'java'])]);
    expect(answers.map(([key]) => cache.get(key))).toEqual(['python developer', undefined, 'python -java', undefined]);
    for (const [key, reach] of answers) cache.set(key, 3, key, reach, minute);
    // Both words (before and after an edit, say): every answer.
    cache.apply(4, [job(4, 72, ['develop', 'python', 'java'])]);
    expect(answers.map(([key]) => cache.get(key))).toEqual([undefined, undefined, undefined, undefined]);
    // Computed while a job with only one of its words was written: stored.
    cache.apply(5, [job(5, 73, ['python'])]);
    cache.set('python developer', 4, 'computed', answers[0]![1], minute);
    expect(cache.get('python developer')).toBe('computed');
  });

  describe('askers of an answer being computed', () => {
    /** A computation the test finishes by hand, counting how often it was begun. */
    function computations(reach: AnswerReach) {
      const begun: Array<(value: string) => void> = [];
      const compute = (value: string) => () =>
        new Promise<{ value: string; reach: AnswerReach; ttlMs: number }>((resolve) => {
          begun.push(() => resolve({ value, reach, ttlMs: minute }));
        });
      return { begun, compute };
    }
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

    it('wait for it instead of computing it again', async () => {
      const cache = new SearchCache<string>(100);
      cache.apply(1, null);
      const { begun, compute } = computations({ jobIds: [1], terms: 'python' });
      const asks = [1, 2, 3].map(() => cache.getOrCompute('python', 1, compute('python answer')));
      await settle();
      expect(begun).toHaveLength(1);
      begun[0]!('python answer');
      expect(await Promise.all(asks)).toEqual(['python answer', 'python answer', 'python answer']);
      expect(cache.stats).toMatchObject({ misses: 3, shared: 2, hits: 0 });
      expect(await cache.getOrCompute('python', 1, compute('again'))).toBe('python answer');
      expect(begun).toHaveLength(1);
    });

    it('compute their own when a write applied after it began can change it, and share it when the write cannot', async () => {
      const cache = new SearchCache<string>(100);
      cache.apply(1, null);
      const { begun, compute } = computations({ jobIds: [1], terms: 'python' });
      const early = cache.getOrCompute('python', 1, compute('before the write'));
      await settle();
      // A job with python is written; the next asker has read it (version 2) and finds the computation begun at 1.
      cache.apply(2, [job(2, 9, ['python'])]);
      const late = cache.getOrCompute('python', 2, compute('after the write'));
      await settle();
      begun[0]!('before the write');
      // The first asker arrived before the write: its answer stands, but it is not kept nor given to the second.
      expect(await early).toBe('before the write');
      await settle();
      expect(begun).toHaveLength(2);
      begun[1]!('after the write');
      expect(await late).toBe('after the write');
      expect(cache.get('python')).toBe('after the write');

      // A write the answer cannot see (a java job) does not stop the sharing.
      cache.apply(3, [job(3, 10, ['python'])]);
      const first = cache.getOrCompute('python', 3, compute('fresh'));
      await settle();
      cache.apply(4, [job(4, 11, ['java'])]);
      const second = cache.getOrCompute('python', 4, compute('unused'));
      await settle();
      begun[2]!('fresh');
      expect(await Promise.all([first, second])).toEqual(['fresh', 'fresh']);
      expect(begun).toHaveLength(3);
    });

    it('compute their own when it fails', async () => {
      const cache = new SearchCache<string>(100);
      cache.apply(1, null);
      let calls = 0;
      const failing = cache.getOrCompute('x', 1, async () => {
        calls++;
        await settle();
        throw new Error('pool timed out');
      });
      const other = cache.getOrCompute('x', 1, async () => {
        calls++;
        return { value: 'X', reach: { jobIds: [], terms: 'x' }, ttlMs: minute };
      });
      await expect(failing).rejects.toThrow('pool timed out');
      expect(await other).toBe('X');
      expect(calls).toBe(2);
    });

    it('when it fails, wait for the one computation the first of them begins instead of all computing again', async () => {
      const cache = new SearchCache<string>(100);
      cache.apply(1, null);
      let calls = 0;
      const compute = (fails: boolean) => async () => {
        calls++;
        await settle();
        if (fails) throw new Error('pool timed out');
        return { value: 'X', reach: { jobIds: [], terms: 'x' }, ttlMs: minute };
      };
      const failing = cache.getOrCompute('x', 1, compute(true));
      const waiters = [1, 2, 3].map(() => cache.getOrCompute('x', 1, compute(false)));
      await expect(failing).rejects.toThrow('pool timed out');
      expect(await Promise.all(waiters)).toEqual(['X', 'X', 'X']);
      expect(calls).toBe(2);
      expect(cache.stats).toMatchObject({ misses: 4, shared: 2 });
    });
  });
});
