// The realistic mix of issue #14: a few searches are very common, most are rare. 5,000 distinct
// searches (words, phrases, filters, sorts, pages) built from the seeded data, drawn with a Zipf
// distribution (exponent 1.1), and a writer making new jobs, edits and closes at a fixed rate while
// the searches run, with how long a new job takes to be found.
import pg from 'pg';
import { createRandom, pick } from '../../apps/server/src/seed/job-text';

/** `count` distinct query strings of GET /api/jobs/, made from the seeded database's own words and places. */
export async function buildSearches(databaseUrl: string, count: number, seed = 11): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const words = (await client.query<{ word: string }>(`select word from search_words where length(word) >= 4 order by word`)).rows.map(
      (r) => r.word,
    );
    const places = (
      await client.query<{ location: string }>(`select location from job_search group by location order by count(*) desc limit 40`)
    ).rows.map((r) => r.location.split(',')[0]!.trim());
    const random = createRandom(seed);
    const searches = new Set<string>();
    for (let tries = 0; searches.size < count && tries < count * 20; tries++) {
      const p = new URLSearchParams();
      const roll = random();
      if (roll < 0.1) p.set('search', `"${pick(random, words)} ${pick(random, words)}"`);
      else if (roll < 0.45) p.set('search', `${pick(random, words)} ${pick(random, words)}`);
      else if (roll < 0.92) p.set('search', pick(random, words));
      if (random() < 0.3) p.set('location', pick(random, places));
      if (random() < 0.15) p.set('is_remote', 'true');
      if (random() < 0.15) p.set('employment_type', pick(random, ['Full-time', 'Part-time', 'Contract', 'Internship']));
      if (random() < 0.1) p.set('experience_level', pick(random, ['Entry level', 'Mid level', 'Senior level']));
      const sort = random();
      if (sort < 0.1) p.set('sort', 'salary');
      else if (sort < 0.25) p.set('sort', 'newest');
      const page = random();
      if (page > 0.95) p.set('page', '3');
      else if (page > 0.8) p.set('page', '2');
      searches.add(p.toString());
    }
    return [...searches];
  } finally {
    await client.end();
  }
}

/** Draws ranks 0..n-1 with probability ∝ 1 / (rank + 1)^exponent. */
export function zipf(n: number, exponent: number, random: () => number): () => number {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) cdf[k] = sum += 1 / Math.pow(k + 1, exponent);
  return () => {
    const target = random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

export interface WriteLoad {
  stop(): Promise<{ writes: number; errors: number; newJobFoundMs: number[]; lost: string[] }>;
}

/**
 * Writes jobs at `perSecond` while searches run: half new jobs (copies of a random job of an
 * approved company: a copy of one awaiting approval is not public, and its probe would never find
 * it), three in ten edits of a recent job's title, two in ten closes. Once a second a new job carries a word of
 * its own, searched for once before the job is written (a cached answer that finds nothing), and
 * `found` polls the search for it until it answers: the delay from its commit to its first appearance.
 */
export function startWriteLoad(
  databaseUrl: string,
  perSecond: number,
  /**
   * The search for a word (newest first: another answer of the cache, computed when first asked);
   * null: no new job is looked for (the writes go to a database the searches do not read).
   */
  search: ((word: string, newestFirst?: boolean) => Promise<{ count: number; corrected_search: string | null }>) | null,
): WriteLoad {
  const found = async (word: string) => (await search!(word)).count > 0;
  // What the search for a word whose new job was not found answers, and the same newest first: a
  // stale kept answer, or a job that search cannot find?
  const explain = async (word: string) => {
    const kept = await search!(word);
    const other = await search!(word, true);
    return `the search answers ${kept.count} (corrected to ${JSON.stringify(kept.corrected_search)}), newest first ${other.count}`;
  };
  const client = new pg.Client({ connectionString: databaseUrl });
  const random = createRandom(7);
  let writes = 0;
  let errors = 0;
  let running = true;
  const newJobFoundMs: number[] = [];
  const lost: string[] = [];
  const probes: Array<Promise<void>> = [];
  // What was written, to undo at the end: the benchmark's database stays as seeded for the next run.
  const added: number[] = [];
  const edited: number[] = [];
  const closed: number[] = [];
  const copy = `insert into jobs (company_id, title, description, responsibilities, qualifications, nice_to_have, location, is_remote,
      salary_min, salary_max, employment_type, experience_level, category_ids, skill_ids, posted_by, currency)
    select company_id, title || $2, description || $2, responsibilities, qualifications, nice_to_have, location, is_remote,
      salary_min, salary_max, employment_type, experience_level, category_ids, skill_ids, posted_by, currency
    from jobs where id = (select j.id from jobs j join companies c on c.id = j.company_id
                           where j.id >= $1 and c.is_approved order by j.id limit 1)
    returning id`;
  const loop = (async () => {
    await client.connect();
    const { rows } = await client.query<{ lo: number; hi: number }>(`select min(id) as lo, max(id) as hi from jobs`);
    const lo = Number(rows[0]!.lo);
    // Over the jobs as seeded (the runs before deleted theirs): the new jobs' ids grow from run to
    // run, and a range that followed them would edit and close other jobs in each run, mostly none
    // (ids of jobs deleted since), so two runs would not carry the same writes.
    const hi = Number(rows[0]!.hi);
    const anyJob = () => lo + Math.floor(random() * (hi - lo));
    const recentJob = () => hi - Math.floor(random() * 1000);
    const started = performance.now();
    let lastProbe = started;
    while (running) {
      const due = started + (writes + errors) * (1000 / perSecond);
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      try {
        const roll = random();
        if (roll < 0.5) {
          const probe = search !== null && performance.now() - lastProbe >= 1000;
          const word = probe ? `zq${Math.floor(random() * 1e9).toString(36)}x` : '';
          // Asked once before the job exists, so its empty answer is in the cache when the job is written.
          if (probe) await found(word);
          const res = await client.query<{ id: number }>(copy, [anyJob(), word ? ` ${word}` : '']);
          added.push(Number(res.rows[0]!.id));
          if (probe) {
            lastProbe = performance.now();
            const committed = performance.now();
            probes.push(
              (async () => {
                while (!(await found(word))) {
                  if (performance.now() - committed > 30_000) {
                    lost.push(`${word} (job ${res.rows[0]!.id}): ${await explain(word)}`);
                    return;
                  }
                  await new Promise((r) => setTimeout(r, 20));
                }
                newJobFoundMs.push(performance.now() - committed);
              })(),
            );
          }
        } else if (roll < 0.8) {
          const res = await client.query<{ id: number }>(
            `update jobs set title = title || '.' where id = $1 and status = 'open' returning id`,
            [recentJob()],
          );
          edited.push(...res.rows.map((r) => Number(r.id)));
        } else {
          const res = await client.query<{ id: number }>(
            `update jobs set status = 'closed' where id = $1 and status = 'open' returning id`,
            [anyJob()],
          );
          closed.push(...res.rows.map((r) => Number(r.id)));
        }
        writes++;
      } catch {
        errors++;
      }
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await Promise.all(probes);
      await client.query(`delete from jobs where id = any($1::int[])`, [added]);
      await client.query(`update jobs set title = regexp_replace(title, '\\.+$', '') where id = any($1::int[])`, [edited]);
      await client.query(`update jobs set status = 'open' where id = any($1::int[])`, [closed]);
      // The probes' own words (search_words only grows) would otherwise join the next run's searches.
      await client.query(`delete from search_words where word ~ '^zq[0-9a-z]+x$'`);
      await client.end();
      return { writes, errors, newJobFoundMs, lost };
    },
  };
}
