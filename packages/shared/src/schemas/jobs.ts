import { z } from 'zod';
import { employmentTypes, experienceLevels, jobSorts, jobStatuses, notPublicReasons, postedWithin } from '../vocabulary';
import { currencyCode, dbId, idValue, maxId, paginationQuery, wholeNumber } from './common';
import { calendarDay, oneLine } from './text';

const longText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max.toLocaleString('en')} characters.`);
const money = z.number().int('Use a whole amount.').min(0, 'Use 0 or more.').max(10_000_000, 'That amount is too large.');

/** Every Job field a writer sends, without defaults (a PATCH must not reset what it leaves out). */
const jobFieldsCore = z.object({
  title: oneLine(z.string().trim().min(3, 'Use at least 3 characters.').max(120, 'Use at most 120 characters.')),
  description: z.string().trim().min(30, 'Describe the job in at least 30 characters.').max(10_000, 'Use at most 10,000 characters.'),
  responsibilities: longText(5000),
  qualifications: longText(5000),
  nice_to_have: longText(3000),
  location: z.string().trim().min(2, 'Enter a location (a city, or "Remote").').max(120, 'Use at most 120 characters.'),
  is_remote: z.boolean(),
  salary_min: money.nullish().transform((v) => v ?? null),
  salary_max: money.nullish().transform((v) => v ?? null),
  /** The pay's currency (ISO 4217); left out when posting, the company's default. */
  currency: currencyCode,
  employment_type: z.enum(employmentTypes),
  experience_level: z.enum(experienceLevels),
  job_function: z
    .string()
    .trim()
    .max(80, 'Use at most 80 characters.')
    .nullish()
    .transform((v) => (v ? v : null)),
  categories: z.array(dbId).max(5, 'Pick at most 5 categories.'),
  skills_required: z.array(dbId).max(30, 'Pick at most 30 skills.'),
  application_deadline: calendarDay({ message: 'Use a date like 2026-12-31.', earliest: '2000-01-01', yearsAhead: 2 })
    .nullish()
    .transform((v) => v ?? null),
  status: z.enum(jobStatuses),
  /** Close applications left without any answer for 30 days, with a polite message (false: the employer reviews every one). */
  auto_close: z.boolean(),
});

const jobFields = jobFieldsCore.extend({
  auto_close: jobFieldsCore.shape.auto_close.default(true),
  responsibilities: jobFieldsCore.shape.responsibilities.default(''),
  qualifications: jobFieldsCore.shape.qualifications.default(''),
  nice_to_have: jobFieldsCore.shape.nice_to_have.default(''),
  is_remote: jobFieldsCore.shape.is_remote.default(false),
  categories: jobFieldsCore.shape.categories.default([]),
  skills_required: jobFieldsCore.shape.skills_required.default([]),
  status: jobFieldsCore.shape.status.default('open'),
  currency: jobFieldsCore.shape.currency.optional(),
});

const salaryOrder = (v: { salary_min?: number | null; salary_max?: number | null }) =>
  v.salary_min == null || v.salary_max == null || v.salary_min <= v.salary_max;
const salaryIssue = { message: 'The minimum salary cannot be above the maximum.', path: ['salary_min'] };

/** Create or replace a job (POST, PUT). The deadline-not-in-the-past rule is checked by the server. */
export const jobInput = jobFields.refine(salaryOrder, salaryIssue);
export type JobInput = z.input<typeof jobInput>;
/** PATCH: any subset, e.g. `{status: 'closed'}`; what it leaves out stays as it was. */
export const jobPatch = jobFieldsCore.partial().refine(salaryOrder, salaryIssue);
export type JobPatch = z.input<typeof jobPatch>;

const named = z.object({ id: z.number().int(), name: z.string() });

export const jobCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  industry: z.string().nullable(),
  headquarters_location: z.string().nullable(),
  website_url: z.string().nullable(),
  company_size: z.string().nullable(),
  description: z.string(),
});

export const jobOut = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  responsibilities: z.string(),
  qualifications: z.string(),
  nice_to_have: z.string(),
  location: z.string(),
  is_remote: z.boolean(),
  salary_min: z.number().nullable(),
  salary_max: z.number().nullable(),
  /** The currency of salary_min and salary_max (ISO 4217). */
  currency: z.string(),
  employment_type: z.enum(employmentTypes),
  experience_level: z.enum(experienceLevels),
  job_function: z.string().nullable(),
  categories: z.array(named),
  skills_required: z.array(named),
  application_deadline: z.string().nullable(),
  status: z.enum(jobStatuses),
  posted_at: z.string(),
  updated_at: z.string(),
  company: jobCompany,
  is_public: z.boolean(),
  not_public_reason: z.enum(notPublicReasons).nullable(),
  /** Unanswered applications are closed after 30 days (false: the employer reviews every application personally). */
  auto_close: z.boolean(),
  /**
   * The company's median time from an application to its first answer over the last 90 days, once
   * it answered at least 10 (null before): "Usually answers within 3 days".
   */
  response_time: z.object({ median_hours: z.number(), answered: z.number().int() }).nullable(),
  /** The company's members and admins only. */
  applicants_count: z.number().int().optional(),
  /** Who of the company posted it (the company's members and admins only; null once that account is gone). */
  posted_by: z.object({ id: z.number().int(), full_name: z.string() }).nullable().optional(),
});
export type JobOut = z.infer<typeof jobOut>;

/** A search result: the facts a reader decides on first, without the long texts. */
export const jobSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  company: z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable() }),
  location: z.string(),
  is_remote: z.boolean(),
  salary_min: z.number().nullable(),
  salary_max: z.number().nullable(),
  /** The currency of salary_min and salary_max (ISO 4217). */
  currency: z.string(),
  employment_type: z.enum(employmentTypes),
  experience_level: z.enum(experienceLevels),
  skills: z.array(z.string()),
  posted_at: z.string(),
  /**
   * A short passage of the description (plain text): around the matched words in a search, starting
   * at a sentence or after "…"; elsewhere its opening.
   */
  snippet: z.string(),
  /** The matched words in `snippet`: [start, end) in UTF-16 code units, for the client to mark. */
  snippet_highlights: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type JobSummary = z.infer<typeof jobSummary>;

const facetValue = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
export type FacetValue = z.infer<typeof facetValue>;

/**
 * Counts per filter value. Each facet is counted with every other active filter applied but not
 * its own, so picking a second value of the same filter shows what it would add.
 */
export const jobFacets = z.object({
  employment_type: z.array(facetValue),
  experience_level: z.array(facetValue),
  category: z.array(facetValue),
  skills: z.array(facetValue),
  location: z.array(facetValue),
  is_remote: z.array(facetValue),
  posted_within: z.array(facetValue),
});
export type JobFacets = z.infer<typeof jobFacets>;

export const jobSearchResult = z.object({
  results: z.array(jobSummary),
  count: z.number().int(),
  /** True when the count is an estimate (very broad queries); the UI then says "about". */
  count_is_estimate: z.boolean(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  facets: jobFacets,
  /** The query as searched after typo correction, when it differs from what was typed. */
  corrected_search: z.string().nullable(),
});
export type JobSearchResult = z.infer<typeof jobSearchResult>;

const csv = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(item).max(20));

const idText = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'Expected an id.')
  .transform(Number)
  .refine((n) => n <= maxId, 'Expected an id.');

/** GET /api/jobs/: `search` as the spec writes it, and filters, sort and paging. Lists are comma-separated or repeated. */
export const jobSearchQuery = paginationQuery
  .extend({
    search: z.string().trim().max(200).optional(),
    location: z.string().trim().max(120).optional(),
    is_remote: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
    employment_type: csv(z.enum(employmentTypes)).optional(),
    experience_level: csv(z.enum(experienceLevels)).optional(),
    category: csv(idText).optional(),
    skills: csv(idText).optional(),
    salary_min: wholeNumber().pipe(z.number().int().min(0).max(10_000_000)).optional(),
    salary_max: wholeNumber().pipe(z.number().int().min(0).max(10_000_000)).optional(),
    /** Only jobs paying in this currency; salary_min and salary_max are amounts in it, and need it. */
    currency: currencyCode.optional(),
    posted_within: z.enum(postedWithin).optional(),
    company: idValue.optional(),
    sort: z.enum(jobSorts).default('relevance'),
  })
  .refine((q) => q.salary_min === undefined || q.salary_max === undefined || q.salary_min <= q.salary_max, {
    message: 'The minimum salary cannot be above the maximum.',
    path: ['salary_min'],
  })
  .refine((q) => q.currency !== undefined || (q.salary_min === undefined && q.salary_max === undefined), {
    message: 'Say which currency the pay filter is in: add currency, like currency=EUR.',
    path: ['currency'],
  });
export type JobSearchQuery = z.infer<typeof jobSearchQuery>;

/** An employer's own job in its management list. */
export const employerJob = jobOut.extend({ applicants_count: z.number().int() });
export type EmployerJob = z.infer<typeof employerJob>;
export const employerJobList = z.object({
  results: z.array(employerJob),
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
});
export const employerJobQuery = paginationQuery.extend({
  status: z.enum(jobStatuses).optional(),
  search: z.string().trim().max(200).optional(),
});
