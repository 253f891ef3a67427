// Seeds a PostgreSQL database with N synthetic but realistic jobs for the search benchmark.
// Jobs come from the same templates as the demo seed (apps/server/src/seed/job-text.ts).
// Rows go in through multi-row INSERT … SELECT FROM unnest(…) batches with the per-row search
// trigger switched off; the search vectors (same SQL function as the trigger) and the words
// table are filled set-based, the search rows (job_search) by the same statement triggers as
// every other write, then the tables are vacuumed and analysed.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder, openPostgres } from '../../apps/server/src/db/client';
import { createRandom, demoCategories, demoSkills, generateJob, pick, type CompanyContext } from '../../apps/server/src/seed/job-text';

export interface SeedOptions {
  serverUrl: string;
  database: string;
  jobs: number;
  /** Drop and recreate even when the row count matches. */
  fresh?: boolean;
  log?: (line: string) => void;
}

const prefixes = [
  'Blue',
  'North',
  'Silver',
  'Bright',
  'Copper',
  'Harbor',
  'Maple',
  'Summit',
  'River',
  'Golden',
  'Iron',
  'Pine',
  'Cedar',
  'Coral',
  'Falcon',
  'Granite',
  'Lumen',
  'Nova',
  'Orbit',
  'Prairie',
  'Quartz',
  'Redwood',
  'Sage',
  'Tidal',
  'Umber',
  'Vista',
  'Willow',
  'Zephyr',
  'Aster',
  'Beacon',
  'Crescent',
  'Delta',
  'Ember',
  'Fjord',
  'Glacier',
  'Horizon',
  'Indigo',
  'Juniper',
  'Kestrel',
  'Lark',
];
const suffixes = [
  'Labs',
  'Systems',
  'Analytics',
  'Health',
  'Logistics',
  'Commerce',
  'Partners',
  'Studio',
  'Robotics',
  'Energy',
  'Finance',
  'Foods',
  'Mobility',
  'Networks',
  'Bio',
  'Media',
  'Works',
  'Software',
  'Clinics',
  'Capital',
];
const industries: Record<string, [string, string]> = {
  Labs: ['Software', 'builds software that helps mid-sized companies plan their work.'],
  Systems: ['Software', 'makes the systems that keep factories and warehouses running.'],
  Analytics: ['Data & Analytics', 'turns operational data into forecasts that planners trust.'],
  Health: ['Healthcare', 'runs clinics and a telehealth service for families.'],
  Logistics: ['Logistics', 'moves freight for thousands of shippers every week.'],
  Commerce: ['E-commerce', 'powers the online shops of independent brands.'],
  Partners: ['Legal & Financial Services', 'advises growing companies on contracts and financing.'],
  Studio: ['Design Agency', 'designs brands, websites and apps for young companies.'],
  Robotics: ['Robotics', 'builds warehouse robots that pick, pack and ship.'],
  Energy: ['Energy', 'installs and operates solar parks and battery storage.'],
  Finance: ['Financial Services', 'offers business accounts and lending to small companies.'],
  Foods: ['Food & Beverage', 'produces plant-based foods sold in 4,000 stores.'],
  Mobility: ['Transportation', 'runs electric bike and scooter fleets in 30 cities.'],
  Networks: ['Telecommunications', 'connects rural regions with fibre internet.'],
  Bio: ['Biotechnology', 'develops diagnostics for rare diseases.'],
  Media: ['Media', 'publishes podcasts and newsletters read by millions.'],
  Works: ['Manufacturing', 'manufactures precision parts for medical devices.'],
  Software: ['Software', 'makes accounting software for freelancers.'],
  Clinics: ['Healthcare', 'operates outpatient clinics across the region.'],
  Capital: ['Financial Services', 'invests in early-stage climate companies.'],
};
const cities = [
  'Berlin, Germany',
  'London, United Kingdom',
  'Amsterdam, Netherlands',
  'New York, NY',
  'San Francisco, CA',
  'Toronto, Canada',
  'Austin, TX',
  'Lisbon, Portugal',
  'Paris, France',
  'Madrid, Spain',
  'Stockholm, Sweden',
  'Chicago, IL',
];

const day = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const pgArray = (ids: number[]) => `{${ids.join(',')}}`;

/** The time stamp of the newest migration in the code (drizzle records it when it applies one). */
function newestMigration(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

/** The job count of an existing benchmark database whose schema is this code's (its newest migration applied); undefined otherwise. */
async function countJobs(url: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ n: string; migration: string | null }>(
      'select (select count(*) from jobs) as n, (select max(created_at) from drizzle.__drizzle_migrations) as migration',
    );
    return Number(rows[0]?.migration) === newestMigration() ? Number(rows[0]?.n ?? 0) : undefined;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Makes (or reuses, when the job count matches) the benchmark database; answers its URL. */
export async function seedBenchDatabase(options: SeedOptions): Promise<{ url: string; reused: boolean; seconds: number }> {
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  const url = new URL(options.serverUrl);
  url.pathname = `/${options.database}`;
  // Reused only when its job count matches and its schema is this code's (another branch's run may have made it).
  if (!options.fresh && (await countJobs(url.toString())) === options.jobs) {
    log(`reusing ${options.database} (${options.jobs.toLocaleString('en')} jobs)`);
    return { url: url.toString(), reused: true, seconds: 0 };
  }

  const admin = new pg.Client({ connectionString: options.serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${options.database}" with (force)`);
  await admin.query(`create database "${options.database}"`);
  await admin.end();

  const database = await openPostgres(url.toString(), { max: 2 });
  await database.migrate();
  await database.close();

  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const random = createRandom(4_2024);
    const categoryIds = new Map<string, number>();
    for (const { id, name } of (
      await client.query<{ id: number; name: string }>('insert into job_categories (name) select unnest($1::text[]) returning id, name', [
        [...demoCategories],
      ])
    ).rows)
      categoryIds.set(name, id);
    const skillIds = new Map<string, number>();
    for (const { id, name } of (
      await client.query<{ id: number; name: string }>('insert into job_skills (name) select unnest($1::text[]) returning id, name', [
        [...demoSkills],
      ])
    ).rows)
      skillIds.set(name, id);

    // About 50 jobs a company; 5 % of companies are waiting for approval.
    const companyCount = Math.max(20, Math.round(options.jobs / 50));
    const contexts: Array<CompanyContext & { id: number }> = [];
    const names: string[] = [];
    for (let i = 0; names.length < companyCount; i++) {
      const base = `${prefixes[i % prefixes.length]} ${suffixes[Math.floor(i / prefixes.length) % suffixes.length]}`;
      const round = Math.floor(i / (prefixes.length * suffixes.length));
      names.push(
        round
          ? `${base} ${['Group', 'International', 'Collective', 'Co', 'Holdings'][(round - 1) % 5]}${round > 5 ? ` ${round}` : ''}`
          : base,
      );
    }
    const owners = await client.query<{ id: number }>(
      `insert into users (email, full_name, role, email_verified)
       select 'owner' || i || '@bench.example', 'Bench Owner ' || i, 'employer', true from generate_series(1, $1::int) as i returning id`,
      [companyCount],
    );
    const headquarters = names.map(() => pick(random, cities));
    const companyRows = await client.query<{ id: number }>(
      `insert into companies (owner_id, name, industry, description, headquarters_location, is_approved)
       select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[]) returning id`,
      [
        owners.rows.map((r) => r.id),
        names,
        names.map((n) => industries[n.split(' ')[1]!]![0]),
        names.map((n) => `${n} ${industries[n.split(' ')[1]!]![1]}`),
        headquarters,
        names.map((_, i) => i % 20 !== 7),
      ],
    );
    companyRows.rows.forEach((r, i) =>
      contexts.push({
        id: r.id,
        name: names[i]!,
        industry: industries[names[i]!.split(' ')[1]!]![0],
        pitch: industries[names[i]!.split(' ')[1]!]![1],
        headquarters: headquarters[i]!,
      }),
    );

    // Secondary indexes of the two job tables are built once after the load, from their own definitions:
    // a GIN index built in bulk is many times faster than one grown batch by batch.
    const { rows: indexes } = await client.query<{ name: string; def: string }>(
      `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
         from pg_index i
        where i.indrelid in ('jobs'::regclass, 'job_search'::regclass) and not i.indisprimary and not i.indisunique
          and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
        order by pg_relation_size(i.indrelid) desc, i.indexrelid`,
    );
    for (const { name } of indexes) await client.query(`drop index ${name}`);
    await client.query('alter table jobs disable trigger jobs_search_document');
    const now = Date.now();
    const batch = 5000;
    // Two connections insert alternate batches (building each document's search vector is most of the
    // work, one core per connection) while the next batch is generated. Ids are given, so the data is
    // the same on every run whichever connection finishes first.
    const loader = new pg.Client({ connectionString: url.toString() });
    await loader.connect();
    const loaders = [client, loader];
    const inserting: Array<Promise<unknown> | undefined> = [undefined, undefined];
    // Every whitespace-separated token of the documents once: PostgreSQL's parser never joins text
    // across whitespace, so the words of the distinct tokens are the words of all the documents.
    const tokens = new Set<string>();
    for (let offset = 0; offset < options.jobs; offset += batch) {
      const size = Math.min(batch, options.jobs - offset);
      const cols = {
        company: [] as number[],
        title: [] as string[],
        description: [] as string[],
        responsibilities: [] as string[],
        qualifications: [] as string[],
        niceToHave: [] as string[],
        location: [] as string[],
        remote: [] as boolean[],
        salaryMin: [] as Array<number | null>,
        salaryMax: [] as Array<number | null>,
        type: [] as string[],
        level: [] as string[],
        jobFunction: [] as string[],
        categories: [] as string[],
        skills: [] as string[],
        deadline: [] as Array<string | null>,
        status: [] as string[],
        posted: [] as string[],
        skillNames: [] as string[],
        categoryNames: [] as string[],
      };
      for (let i = 0; i < size; i++) {
        const company = contexts[Math.floor(random() * contexts.length)]!;
        const job = generateJob(random, company);
        // Keep the description near 80 words: its first two paragraphs and the next sentence.
        const [first, second, third] = job.description.split('\n\n');
        const description = [first, second, third?.split('. ')[0]].filter(Boolean).join('\n\n');
        // Jobs are written as they are posted: the later the id, the newer (the same spread of ages
        // as before, more of them recent; the rows then lie in the table in posting order, as a
        // real board's do).
        const age = 1 - (offset + i + random()) / options.jobs;
        const postedMs = now - Math.pow(Math.max(0, age), 1.3) * 120 * day;
        const expired = random() < 0.04;
        cols.company.push(company.id);
        cols.title.push(job.title);
        cols.description.push(description);
        cols.responsibilities.push(job.responsibilities);
        cols.qualifications.push(job.qualifications);
        cols.niceToHave.push(job.niceToHave);
        cols.location.push(job.location);
        cols.remote.push(job.isRemote);
        cols.salaryMin.push(job.salaryMin);
        cols.salaryMax.push(job.salaryMax);
        cols.type.push(job.employmentType);
        cols.level.push(job.experienceLevel);
        cols.jobFunction.push(job.jobFunction);
        cols.categories.push(pgArray(job.categoryNames.map((n) => categoryIds.get(n)!)));
        cols.skills.push(pgArray(job.skillNames.map((n) => skillIds.get(n)!)));
        cols.deadline.push(
          expired
            ? isoDate(now - (1 + Math.floor(random() * 20)) * day)
            : job.deadlineInDays === null
              ? null
              : isoDate(now + job.deadlineInDays * day),
        );
        cols.status.push(random() < 0.08 ? 'closed' : 'open');
        cols.posted.push(new Date(postedMs).toISOString());
        cols.skillNames.push(job.skillNames.join(' '));
        cols.categoryNames.push(job.categoryNames.join(' '));
        for (const text of [
          job.title,
          job.location,
          job.jobFunction,
          description,
          job.responsibilities,
          job.qualifications,
          job.niceToHave,
        ]) {
          for (const token of text.split(/\s+/)) tokens.add(token);
        }
      }
      const slot = (offset / batch) % 2;
      await inserting[slot];
      // The same document function as the trigger (job_search_vector, migration 0003).
      inserting[slot] = loaders[slot]!.query(
        `insert into jobs (id, company_id, title, description, responsibilities, qualifications, nice_to_have, location, is_remote,
           salary_min, salary_max, employment_type, experience_level, job_function, category_ids, skill_ids, application_deadline,
           status, posted_at, updated_at, search_vector)
         select $21::int + u.n, u.company_id, u.title, u.description, u.responsibilities, u.qualifications, u.nice_to_have, u.location, u.is_remote,
           u.salary_min, u.salary_max, u.employment_type, u.experience_level, u.job_function, u.category_ids::integer[], u.skill_ids::integer[],
           u.deadline, u.status, u.posted_at, u.posted_at,
           job_search_vector(u.title, u.skill_names, concat_ws(' ', c.name, u.location, u.job_function, u.category_names),
             concat_ws(' ', u.description, u.responsibilities, u.qualifications, u.nice_to_have))
         from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::boolean[], $9::int[], $10::int[],
           $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::date[], $17::text[], $18::timestamptz[], $19::text[], $20::text[])
           with ordinality as u(company_id, title, description, responsibilities, qualifications, nice_to_have, location, is_remote, salary_min, salary_max,
             employment_type, experience_level, job_function, category_ids, skill_ids, deadline, status, posted_at, skill_names, category_names, n)
         join companies c on c.id = u.company_id`,
        [
          cols.company,
          cols.title,
          cols.description,
          cols.responsibilities,
          cols.qualifications,
          cols.niceToHave,
          cols.location,
          cols.remote,
          cols.salaryMin,
          cols.salaryMax,
          cols.type,
          cols.level,
          cols.jobFunction,
          cols.categories,
          cols.skills,
          cols.deadline,
          cols.status,
          cols.posted,
          cols.skillNames,
          cols.categoryNames,
          offset,
        ],
      );
      if ((offset / batch) % 20 === 19) log(`  ${(offset + size).toLocaleString('en')} jobs`);
    }
    await Promise.all(inserting);
    await loader.end();
    await client.query(`select setval(pg_get_serial_sequence('jobs', 'id'), (select max(id) from jobs))`);
    await client.query('alter table jobs enable trigger jobs_search_document');
    log(`  loaded in ${((Date.now() - started) / 1000).toFixed(1)} s; indexing`);
    // The words for typo correction (record_search_words does this per job in the trigger), from the
    // distinct tokens; then the indexes on two connections (one core each), largest tables first.
    await client.query(
      `insert into search_words (word)
       select distinct w from (
         select unnest(tsvector_to_array(to_tsvector('simple', t))) as w from unnest($1::text[]) t
         union all select unnest(tsvector_to_array(to_tsvector('simple', name))) from companies
         union all select unnest(tsvector_to_array(to_tsvector('simple', name))) from job_skills
         union all select unnest(tsvector_to_array(to_tsvector('simple', name))) from job_categories
       ) words where length(w) between 3 and 30 and w ~ '^[[:alpha:]]'
       on conflict (word) do nothing`,
      [[...tokens]],
    );
    const tasks = indexes.map((index) => index.def);
    const second = new pg.Client({ connectionString: url.toString() });
    await second.connect();
    try {
      await Promise.all(
        [client, second].map(async (worker) => {
          await worker.query(`set maintenance_work_mem = '256MB'`);
          for (let task = tasks.shift(); task !== undefined; task = tasks.shift()) await worker.query(task);
        }),
      );
    } finally {
      await second.end();
    }
    log(`  indexed in ${((Date.now() - started) / 1000).toFixed(1)} s; analyzing`);
    await client.query('vacuum (analyze) jobs');
    await client.query('vacuum (analyze) job_search');
    await client.query('vacuum (analyze) companies');
    await client.query('vacuum (analyze) search_words');
  } finally {
    await client.end();
  }
  const seconds = (Date.now() - started) / 1000;
  log(`seeded ${options.database}: ${options.jobs.toLocaleString('en')} jobs in ${seconds.toFixed(1)} s`);
  return { url: url.toString(), reused: false, seconds };
}
