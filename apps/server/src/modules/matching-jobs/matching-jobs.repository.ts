import { inArray, sql, type SQL } from 'drizzle-orm';
import { experienceLevels, type employmentTypes } from '@jobportal/shared';
import { queryRows, type Db } from '../../db/client';
import { companies, jobs, jobSkills } from '../../db/schema';
import { findJobSummaries, type JobSummaryRecord, publicJobCondition } from '../jobs';

type ExperienceLevel = (typeof experienceLevels)[number];
type EmploymentType = (typeof employmentTypes)[number];

/** What a profile asks of a job, ready for SQL. Absent parts are not scored. */
export interface MatchCriteria {
  jobseekerId: number;
  today: string;
  /** Ids of the catalogue skills the profile names. */
  skillIds: number[];
  /** to_tsquery text over title words (title_vector): any of the words, and one title's words all together. */
  anyTitleQuery: string | null;
  wholeTitleQuery: string | null;
  experienceLevel: ExperienceLevel | null;
  /** ILIKE patterns of the wished places. */
  locationPatterns: string[];
  isRemoteOk: boolean;
  salaryMin: number | null;
  employmentTypes: EmploymentType[];
  /** How many of the newest public jobs each prefilter (skills, titles) may bring in. */
  candidatesPerFilter: number;
  /** Newest first instead of best first (a profile too thin to rank by). */
  newestFirst: boolean;
  limit: number;
  offset: number;
}

/** Why a job fits, as facts the service turns into sentences. */
export interface MatchRow {
  jobId: number;
  score: number;
  skillHits: number;
  skillTotal: number;
  matchedSkills: string[];
  wholeTitle: boolean;
  someTitle: boolean;
  levelExact: boolean;
  levelNear: boolean;
  remoteFit: boolean;
  placeFit: boolean;
  payFit: boolean;
  typeFit: boolean;
  job: JobSummaryRecord;
}

/** The catalogue skills (ids and names) whose names match these, whatever their case. */
export async function findSkillsByName(db: Db, names: string[]): Promise<Array<{ id: number; name: string }>> {
  const lower = [...new Set(names.map((n) => n.toLowerCase()))];
  if (!lower.length) return [];
  return db
    .select({ id: jobSkills.id, name: jobSkills.name })
    .from(jobSkills)
    .where(inArray(sql`lower(${jobSkills.name})`, lower));
}

// Weights of each part of the fit; a part the profile says nothing about is left out of the 100.
export const weights = { skills: 40, title: 25, level: 10, place: 10, pay: 10, type: 5 } as const;

const intArray = (ids: number[]) => sql`${sql.param(ids)}::integer[]`;
const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;
const levelRank = (level: SQL) => sql`array_position(${textArray([...experienceLevels])}, ${level})`;

/**
 * Public jobs ranked by fit to a profile. Candidates come from indexes only: the newest public jobs
 * that share a skill with the profile and the newest whose title has a wished title word, each
 * bounded, so the scoring reads a bounded set however many jobs there are. Both walk
 * jobs_open_match_idx newest first, which holds every column the facts below need (an index-only
 * scan: no visit to the table per job); a rare title word goes through the GIN index on title_vector.
 * A thin profile with neither skills nor titles takes the newest public jobs.
 * Jobs the job seeker applied to already are left out.
 */
export async function findMatches(db: Db, c: MatchCriteria): Promise<{ rows: MatchRow[]; total: number }> {
  const anyTitle = c.anyTitleQuery ? sql`${jobs.titleVector} @@ to_tsquery('english', ${c.anyTitleQuery})` : undefined;
  const wholeTitle = c.wholeTitleQuery ? sql`${jobs.titleVector} @@ to_tsquery('english', ${c.wholeTitleQuery})` : sql`false`;
  const level = c.experienceLevel;
  // What each candidate job offers against the profile, computed where the candidate is found.
  const facts = sql`${jobs.id} as id, ${jobs.postedAt} as posted_at, ${jobs.skillIds} as skill_ids,
    (select count(*)::int from unnest(${jobs.skillIds}) s where s = any(${intArray(c.skillIds)})) as skill_hits,
    cardinality(${jobs.skillIds}) as skill_total,
    ${wholeTitle} as whole_title,
    ${anyTitle ?? sql`false`} as some_title,
    ${level ? sql`${jobs.experienceLevel} = ${level}` : sql`false`} as level_exact,
    ${level ? sql`abs(${levelRank(sql`${jobs.experienceLevel}`)} - ${levelRank(sql`${level}::text`)}) = 1` : sql`false`} as level_near,
    (${jobs.isRemote} and ${c.isRemoteOk}) as remote_fit,
    ${c.locationPatterns.length ? sql`(${jobs.location} ilike any(${textArray(c.locationPatterns)}))` : sql`false`} as place_fit,
    ${c.salaryMin !== null ? sql`coalesce(coalesce(${jobs.salaryMax}, ${jobs.salaryMin}) >= ${c.salaryMin}, false)` : sql`false`} as pay_fit,
    ${c.employmentTypes.length ? sql`${jobs.employmentType} = any(${textArray(c.employmentTypes)})` : sql`false`} as type_fit`;
  const branch = (filter: SQL) =>
    sql`(select ${facts} from ${jobs} join ${companies} on ${companies.id} = ${jobs.companyId}
      where ${filter} and ${publicJobCondition(c.today)}
      order by ${jobs.postedAt} desc, ${jobs.id} desc limit ${c.candidatesPerFilter})`;
  const branches: SQL[] = [];
  if (c.skillIds.length) branches.push(branch(sql`${jobs.skillIds} && ${intArray(c.skillIds)}`));
  if (anyTitle) branches.push(branch(anyTitle));
  if (!branches.length) branches.push(branch(sql`true`));

  const possible =
    (c.skillIds.length ? weights.skills : 0) +
    (c.anyTitleQuery ? weights.title : 0) +
    (level ? weights.level : 0) +
    (c.locationPatterns.length || c.isRemoteOk ? weights.place : 0) +
    (c.salaryMin !== null ? weights.pay : 0) +
    (c.employmentTypes.length ? weights.type : 0);

  const rows = await queryRows<{
    id: number;
    score: number;
    skill_hits: number;
    skill_total: number;
    matched_skills: string[];
    whole_title: boolean;
    some_title: boolean;
    level_exact: boolean;
    level_near: boolean;
    remote_fit: boolean;
    place_fit: boolean;
    pay_fit: boolean;
    type_fit: boolean;
    total: number;
  }>(
    db,
    sql`
    with candidates as (${sql.join(branches, sql` union `)}),
    facts as (
      select * from candidates
      where not exists (select 1 from applications a where a.job_id = candidates.id and a.jobseeker_id = ${c.jobseekerId})
    ),
    scored as (
      select facts.*,
        ${
          possible === 0
            ? sql`0`
            : sql`round(100.0 * (
          ${weights.skills} * coalesce(skill_hits::numeric / nullif(skill_total, 0), 0)
          + case when whole_title then ${weights.title} when some_title then ${Math.round(weights.title * 0.6)} else 0 end
          + case when level_exact then ${weights.level} when level_near then ${weights.level / 2} else 0 end
          + case when remote_fit or place_fit then ${weights.place} else 0 end
          + case when pay_fit then ${weights.pay} else 0 end
          + case when type_fit then ${weights.type} else 0 end
        ) / ${possible})::int`
        } as score
      from facts
    )
    select id, score, skill_hits, skill_total, whole_title, some_title, level_exact, level_near, remote_fit, place_fit, pay_fit, type_fit,
      array(select s.name from job_skills s where s.id = any(scored.skill_ids) and s.id = any(${intArray(c.skillIds)})
        order by array_position(scored.skill_ids, s.id)) as matched_skills,
      count(*) over ()::int as total
    from scored
    ${c.newestFirst ? sql`order by posted_at desc, id desc` : sql`where score > 0 order by score desc, posted_at desc, id desc`}
    limit ${c.limit} offset ${c.offset}`,
  );
  const summaries = await findJobSummaries(
    db,
    rows.map((r) => r.id),
  );
  return {
    total: rows[0]?.total ?? 0,
    rows: rows.map((r) => ({
      jobId: r.id,
      score: Math.min(100, Math.max(0, r.score)),
      skillHits: r.skill_hits,
      skillTotal: r.skill_total,
      matchedSkills: r.matched_skills,
      wholeTitle: r.whole_title,
      someTitle: r.some_title,
      levelExact: r.level_exact,
      levelNear: r.level_near,
      remoteFit: r.remote_fit,
      placeFit: r.place_fit,
      payFit: r.pay_fit,
      typeFit: r.type_fit,
      job: summaries.get(r.id)!,
    })),
  };
}
