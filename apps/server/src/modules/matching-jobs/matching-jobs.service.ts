import type { MatchingJob, PaginationQuery } from '@jobportal/shared';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/access';
import { utcToday } from '../../lib/dates';
import { offsetOf, type PagedRows } from '../../lib/pagination';
import { presentJobSummary } from '../jobs';
import { findProfileRecord, fullPreferences } from '../profiles';
import * as repo from './matching-jobs.repository';
import type { MatchCriteria, MatchRow } from './matching-jobs.repository';

export const thinProfileHint = 'Add your skills and the roles you want to see jobs that fit';

// Words that say the level or nothing at all about the kind of work; they would match half of all titles.
const genericTitleWords = new Set([
  'senior',
  'junior',
  'lead',
  'principal',
  'staff',
  'head',
  'chief',
  'intern',
  'mid',
  'level',
  'entry',
  'of',
  'and',
  'the',
  'i',
  'ii',
  'iii',
]);
const titleWords = (title: string) =>
  [...new Set(title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].filter((w) => w.length > 1 && !genericTitleWords.has(w)).slice(0, 6);
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);

/** The sentences that say why a job fits, in the order a reader weighs them. */
export function reasonsFor(row: MatchRow, wished: { titles: string[]; level: string | null }): string[] {
  const reasons: string[] = [];
  if (row.skillHits > 0) reasons.push(`${row.skillHits} of ${row.skillTotal} required skills: ${row.matchedSkills.join(', ')}`);
  if (row.wholeTitle || row.someTitle) {
    const job = row.job.title.toLowerCase();
    const named = wished.titles.find((t) => titleWords(t).every((w) => job.includes(w.slice(0, 5))));
    reasons.push(named ? `Title close to "${named}"` : 'Title close to the roles you want');
  }
  if (row.levelExact) reasons.push(`${row.job.experienceLevel}, as you prefer`);
  else if (row.levelNear && wished.level) reasons.push(`${row.job.experienceLevel}, next to the ${wished.level.toLowerCase()} you prefer`);
  if (row.remoteFit) reasons.push('Remote');
  else if (row.placeFit) reasons.push(`In ${row.job.location}`);
  if (row.payFit) reasons.push(`Pays up to ${money(row.job.salaryMax ?? row.job.salaryMin ?? 0, row.job.currency)}`);
  if (row.typeFit) reasons.push(`${row.job.employmentType}, as you prefer`);
  return reasons;
}

export function createMatchingJobsService({ db }: { db: Db }) {
  return {
    /** Public jobs ranked by fit to the job seeker's profile; a thin profile gets a hint and the newest jobs, never an error. */
    async find(viewer: Viewer, q: PaginationQuery): Promise<PagedRows<MatchingJob, { hint: string | null }>> {
      const profile = await findProfileRecord(db, viewer.userId);
      const preferences = fullPreferences(profile?.jobPreferences ?? {});
      const skills = await repo.findSkillsByName(
        db,
        (profile?.skills ?? []).map((s) => s.skillName),
      );
      const titles = [
        ...preferences.desired_titles,
        ...(profile?.currentJobTitle ? [profile.currentJobTitle] : []),
        ...(profile?.workExperience ?? []).slice(0, 3).map((w) => w.jobTitle),
      ].slice(0, 10);
      const wordLists = titles.map(titleWords).filter((w) => w.length);
      const anyWords = [...new Set(wordLists.flat())];
      const criteria: MatchCriteria = {
        jobseekerId: viewer.userId,
        today: utcToday(),
        skillIds: skills.map((s) => s.id),
        anyTitleQuery: anyWords.length ? anyWords.join(' | ') : null,
        wholeTitleQuery: wordLists.length ? wordLists.map((ws) => `(${ws.join(' & ')})`).join(' | ') : null,
        experienceLevel: preferences.experience_level,
        locationPatterns: preferences.locations.map((l) => `%${escapeLike(l)}%`),
        isRemoteOk: preferences.is_remote_ok,
        salaryMin: preferences.salary_min,
        employmentTypes: preferences.employment_types,
        candidatesPerFilter: 1000,
        newestFirst: false,
        limit: q.page_size,
        offset: offsetOf(q),
      };
      const isThin = !criteria.skillIds.length && !criteria.anyTitleQuery;
      if (isThin) criteria.newestFirst = true;
      const { rows, total } = await repo.findMatches(db, criteria);
      const wished = { titles, level: preferences.experience_level };
      return {
        // No score from preferences alone: "100%" for being remote would say a job fits a profile that names no work.
        rows: rows.map((row) => ({
          job: presentJobSummary(row.job),
          score: isThin ? null : row.score,
          reasons: reasonsFor(row, wished),
        })),
        total,
        hint: isThin ? thinProfileHint : null,
      };
    },
  };
}
export type MatchingJobsService = ReturnType<typeof createMatchingJobsService>;
