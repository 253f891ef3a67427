// Seeds the apply benchmark's database: the search benchmark's N realistic jobs (bench/search/seed.ts),
// then, set-based in SQL, one employer's job with 5,000 applicants (and their history), 45,000 more
// applications spread over other jobs, a job seeker with a full profile (for matching), and the job
// seekers who apply during the run. Reused when it is already there.
import pg from 'pg';
import type { Db } from '../../apps/server/src/db/client';
import { openPostgres } from '../../apps/server/src/db/client';
import { createProfile, createUser } from '../../apps/server/src/seed/factories';
import { hashPassword } from '../../apps/server/src/lib/passwords';
import { seedBenchDatabase } from '../search/seed';

export const benchPassword = 'bench-pass-123';
export const employerEmail = 'bench-employer@bench.example';
export const profileSeekerEmail = 'bench-matcher@bench.example';
export const applierEmail = (i: number) => `bench-applier-${i}@bench.example`;

export interface ApplyBenchData {
  url: string;
  targetJobId: number;
  applicants: number;
  appliers: number;
  jobs: number;
}

const firstNames = [
  'Ada',
  'Ben',
  'Chloe',
  'David',
  'Elena',
  'Farid',
  'Grace',
  'Hugo',
  'Ines',
  'Jonas',
  'Kira',
  'Liam',
  'Maya',
  'Nikolai',
  'Olivia',
  'Pablo',
  'Quinn',
  'Rosa',
  'Sven',
  'Tara',
];
const lastNames = [
  'Adams',
  'Berg',
  'Costa',
  'Dubois',
  'Evans',
  'Fischer',
  'Garcia',
  'Hansen',
  'Ivanova',
  'Jensen',
  'Kowalski',
  'Lopez',
  'Meyer',
  'Nowak',
  'Okafor',
  'Petrov',
  'Quist',
  'Rossi',
  'Silva',
  'Tanaka',
  'Usman',
  'Vogel',
  'Wong',
  'Yilmaz',
  'Zhang',
];

async function seedPeople(db: Db, client: pg.Client, applicants: number, appliers: number): Promise<number> {
  // The employer is the owner of an approved bench company (a new job would change the job count
  // that bench/search/seed.ts reuses a database by); its newest public job gets the applicants.
  const [target] = (
    await client.query<{ id: number; owner_id: number }>(
      `select j.id, c.owner_id from jobs j join companies c on c.id = j.company_id
       where c.is_approved and j.status = 'open' and j.application_deadline is null order by c.id, j.posted_at desc limit 1`,
    )
  ).rows;
  if (!target) throw new Error('no public job to give applicants to');
  await client.query('update users set email = $1, full_name = $2, password_hash = $3 where id = $4', [
    employerEmail,
    'Bench Employer',
    await hashPassword(benchPassword),
    target.owner_id,
  ]);
  // The applicants: users, a resume row each (the bytes are not read here), a profile for most.
  await client.query(
    `insert into users (email, full_name, role, email_verified, date_joined)
     select 'applicant-' || i || '@bench.example', ($1::text[])[1 + i % 20] || ' ' || ($2::text[])[1 + (i / 20) % 25], 'jobseeker', true,
       now() - make_interval(days => i % 400)
     from generate_series(1, $3::int) as i`,
    [firstNames, lastNames, applicants],
  );
  await client.query(
    `insert into uploaded_files (owner_id, storage_key, original_name, content_type, size_bytes)
     select u.id, 'application-resumes/user-' || u.id || '-bench.pdf', 'resume.pdf', 'application/pdf', 180000
     from users u where u.email like 'applicant-%@bench.example'`,
  );
  await client.query(
    `insert into jobseeker_profiles (user_id, current_job_title, job_preferences)
     select u.id, (array['Data Engineer', 'Backend Developer', 'Analyst', 'Software Engineer', null])[1 + u.id % 5], '{}'::jsonb
     from users u where u.email like 'applicant-%@bench.example'`,
  );
  // 5,000 applicants of the target job in every status, each with its history; applied over 60 days.
  await client.query(
    `with a as (
       insert into applications (job_id, jobseeker_id, status, cover_letter, resume_file_id, applied_at, updated_at)
       select $1::int, u.id,
         (array['applied','applied','applied','reviewed','reviewed','interview_scheduled','interviewed','offered','hired','rejected','rejected','withdrawn'])[1 + (u.id * 7) % 12],
         'I would like to apply.', f.id, now() - make_interval(mins => (u.id * 37) % 86400), now()
       from users u join uploaded_files f on f.owner_id = u.id
       where u.email like 'applicant-%@bench.example'
       returning id, status, applied_at, jobseeker_id
     )
     insert into application_status_history (application_id, status, changed_at, changed_by, changed_by_user_id)
     select a.id, 'applied', a.applied_at, 'jobseeker', a.jobseeker_id from a
     union all
     select a.id, a.status, a.applied_at + interval '1 day', case when a.status = 'withdrawn' then 'jobseeker' else 'employer' end, null
     from a where a.status <> 'applied'`,
    [target.id],
  );
  // The same people applied elsewhere too: 45,000 applications over other public jobs.
  await client.query(
    `insert into applications (job_id, jobseeker_id, status, resume_file_id, applied_at, updated_at)
     select j.id, u.id, 'applied', f.id, now() - make_interval(days => k), now()
     from users u join uploaded_files f on f.owner_id = u.id
       cross join generate_series(1, 9) as k
       join lateral (select id from jobs where id = 1 + (u.id * 13 + k * 1009) % (select max(id) from jobs)) j on true
     where u.email like 'applicant-%@bench.example'
     on conflict do nothing`,
  );

  // The job seeker whose matching jobs are measured: a full profile.
  const matcher = await createUser(db, {
    email: profileSeekerEmail,
    fullName: 'Bench Matcher',
    role: 'jobseeker',
    password: benchPassword,
  });
  await createProfile(db, matcher.id, {
    currentJobTitle: 'Software Engineer',
    bio: 'Backend and data engineer.',
    skills: ['Python', 'SQL', 'Docker', 'AWS', 'PostgreSQL', 'TypeScript', 'Kubernetes', 'Airflow'].map((skill_name) => ({ skill_name })),
    jobPreferences: {
      desired_titles: ['Data Engineer', 'Backend Engineer'],
      locations: ['Berlin', 'Amsterdam'],
      is_remote_ok: true,
      employment_types: ['Full-time', 'Contract'],
      experience_level: 'Senior level',
      salary_min: 80_000,
    },
    workExperience: [
      {
        job_title: 'Software Engineer',
        company_name: 'Lumen',
        company_location: null,
        start_date: '2020-01-01',
        end_date: null,
        description: '',
        technologies_used: [],
      },
      {
        job_title: 'Data Analyst',
        company_name: 'Fjord',
        company_location: null,
        start_date: '2017-01-01',
        end_date: '2019-12-31',
        description: '',
        technologies_used: [],
      },
    ],
  });

  // The job seekers who apply during the run, one per concurrent client.
  for (let i = 0; i < appliers; i++)
    await createUser(db, { email: applierEmail(i), fullName: `Bench Applier ${i}`, role: 'jobseeker', password: benchPassword });

  for (const table of ['users', 'uploaded_files', 'jobseeker_profiles', 'applications', 'application_status_history']) {
    await client.query(`vacuum (analyze) ${table}`);
  }
  return target.id;
}

/** Makes (or reuses) the database; answers where it is and the id of the job with 5,000 applicants. */
export async function seedApplyBench(options: {
  serverUrl: string;
  database: string;
  jobs: number;
  appliers: number;
  fresh?: boolean;
  log: (line: string) => void;
}): Promise<ApplyBenchData> {
  const applicants = 5000;
  const { url } = await seedBenchDatabase({
    serverUrl: options.serverUrl,
    database: options.database,
    jobs: options.jobs,
    fresh: options.fresh,
    log: options.log,
  });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const database = await openPostgres(url, { max: 2 });
  try {
    // The job seeding reuses a database by its job count; the people are checked separately.
    await database.migrate();
    const existing = await client.query<{ id: number }>(
      `select j.id from jobs j join companies c on c.id = j.company_id join users u on u.id = c.owner_id where u.email = $1
       order by (select count(*) from applications a where a.job_id = j.id) desc limit 1`,
      [employerEmail],
    );
    const appliersThere = await client.query<{ n: string }>(
      `select count(*) as n from users where email like 'bench-applier-%@bench.example'`,
    );
    let targetJobId = existing.rows[0]?.id;
    if (targetJobId === undefined) {
      const started = Date.now();
      targetJobId = await seedPeople(database.db, client, applicants, options.appliers);
      options.log(
        `seeded the people: ${applicants.toLocaleString('en')} applicants of job ${targetJobId} and 45,000 more applications in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    } else {
      for (let i = Number(appliersThere.rows[0]?.n ?? 0); i < options.appliers; i++) {
        await createUser(database.db, {
          email: applierEmail(i),
          fullName: `Bench Applier ${i}`,
          role: 'jobseeker',
          password: benchPassword,
        });
      }
      options.log(`reusing the people (job ${targetJobId} has the applicants)`);
    }
    return { url, targetJobId, applicants, appliers: options.appliers, jobs: options.jobs };
  } finally {
    await database.close();
    await client.end();
  }
}
