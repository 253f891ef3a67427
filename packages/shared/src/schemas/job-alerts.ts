import { z } from 'zod';
import { alertCriteriaKeys, alertFrequencies, jobAlertNameMax, type AlertCriteria } from '../vocabulary/job-alerts';
import { email, paginated, timeZoneName } from './common';
import { jobSearchQuery, jobSummary, type JobSearchQuery } from './jobs';
import { oneLine } from './text';

const acceptedKeys = new Set<string>([...alertCriteriaKeys, 'page', 'page_size']);

/** A value of a query parameter as JSON may carry it: `true`, `5`, `[1, 2]` read as the address would write them. */
function asQueryValue(value: unknown): unknown {
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'boolean' || typeof item === 'number' ? String(item) : item));
  return value;
}

/** A search's criteria, parsed: the job search's own query without its paging. */
export type ParsedAlertCriteria = Omit<JobSearchQuery, 'page' | 'page_size'>;

/**
 * An alert's criteria: the job search's query parameters (`search` and the filters, as GET /api/jobs/
 * takes them), checked by the search's own query schema. JSON values may be typed (`is_remote: true`,
 * `category: [3]`); a key the search does not know is refused rather than dropped (a misspelt filter
 * would otherwise make an alert for every job). Paging (`page`, `page_size`) is not part of a saved
 * search and is left out.
 */
export const jobAlertCriteria = z
  .record(z.string(), z.unknown(), { error: 'Give the search as an object of its parameters, like {"search": "python"}.' })
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      if (!acceptedKeys.has(key)) ctx.addIssue({ code: 'custom', path: [key], message: `The job search has no parameter "${key}".` });
    }
  })
  .transform((value) => Object.fromEntries(Object.entries(value).map(([key, item]) => [key, asQueryValue(item)])))
  .pipe(jobSearchQuery)
  .transform(({ page: _page, page_size: _pageSize, ...criteria }): ParsedAlertCriteria => criteria);

const alertName = oneLine(z.string().trim().min(1, 'Name the alert.').max(jobAlertNameMax, `Use at most ${jobAlertNameMax} characters.`));

/** POST /api/job-alerts/: a job seeker saves a search. `name` left out: proposed from the search. */
export const jobAlertInput = z
  .object({
    name: alertName.optional(),
    criteria: jobAlertCriteria,
    frequency: z.enum(alertFrequencies).default('instant'),
    in_app: z.boolean().default(true),
    email: z.boolean().default(false),
  })
  .refine((a) => a.in_app || a.email, { message: 'Choose how to hear of new jobs: in the app, by e-mail, or both.', path: ['in_app'] });
export type JobAlertInput = z.input<typeof jobAlertInput>;

/** PATCH /api/job-alerts/{id}/: any subset; `paused` stops the alert until it is false again. */
export const jobAlertPatch = z.object({
  name: alertName.optional(),
  criteria: jobAlertCriteria.optional(),
  frequency: z.enum(alertFrequencies).optional(),
  in_app: z.boolean().optional(),
  email: z.boolean().optional(),
  paused: z.boolean().optional(),
});
export type JobAlertPatch = z.input<typeof jobAlertPatch>;

/**
 * POST /api/job-alerts/subscribe/: a visitor (no account) saves a search for an e-mail address. The
 * alert waits for the address to be confirmed (a link in an e-mail) before anything else is sent.
 * `time_zone`: the browser's, for daily and weekly e-mails at 08:00.
 */
export const jobAlertSubscribe = z.object({
  name: alertName.optional(),
  criteria: jobAlertCriteria,
  frequency: z.enum(alertFrequencies).default('daily'),
  email,
  time_zone: timeZoneName.optional(),
});
export type JobAlertSubscribe = z.input<typeof jobAlertSubscribe>;

/** A link's token from an alert e-mail (confirm, manage, unsubscribe). */
export const alertToken = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,9}\.[A-Za-z0-9_-]{20,64}$/, 'This link is not valid: open it again from the e-mail.');
export const alertTokenBody = z.object({ token: alertToken });
/** The one-click unsubscribe: the token in the address (RFC 8058's POST carries a form body), or in a JSON body. */
export const alertUnsubscribeQuery = z.object({ token: alertToken.optional() });

/** The token-held manage page: what a visitor (or a job seeker without signing in) may change. */
export const jobAlertManagePatch = jobAlertPatch.omit({ in_app: true });

export const alertCriteriaOut = z.partialRecord(z.enum(alertCriteriaKeys), z.string());

export const jobAlertOut = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The search, as GET /api/jobs/ takes it (each value as the address writes it). */
  criteria: alertCriteriaOut,
  frequency: z.enum(alertFrequencies),
  in_app: z.boolean(),
  email: z.boolean(),
  paused: z.boolean(),
  /** Matches since the owner last opened the alert's matches. */
  new_matches: z.number().int(),
  total_matches: z.number().int(),
  last_match_at: z.string().nullable(),
  created_at: z.string(),
});
export type JobAlertOut = z.infer<typeof jobAlertOut> & { criteria: AlertCriteria };
export const jobAlertList = paginated(jobAlertOut).extend({
  /** New matches over every alert (the dashboard's figure). */
  new_matches: z.number().int(),
});
export type JobAlertList = z.infer<typeof jobAlertList>;

export const jobAlertMatch = z.object({
  /** The match's id: its job's (an alert meets a job once). */
  id: z.number().int(),
  matched_at: z.string(),
  /** Matched since the owner last opened the alert's matches. */
  is_new: z.boolean(),
  job: jobSummary,
});
export type JobAlertMatch = z.infer<typeof jobAlertMatch>;
export const jobAlertMatchList = paginated(jobAlertMatch);

/** An alert as its e-mail's links show it (no sign-in): where the e-mails go, and whether the address is confirmed. */
export const jobAlertManaged = jobAlertOut.omit({ in_app: true }).extend({
  email_address: z.string(),
  confirmed: z.boolean(),
  /** The alert belongs to an account (its owner may also change it signed in). */
  has_account: z.boolean(),
});
export type JobAlertManaged = z.infer<typeof jobAlertManaged>;

export const jobAlertSubscribed = z.object({ detail: z.string(), email: z.string() });
export const jobAlertUnsubscribed = z.object({ detail: z.string(), removed: z.boolean() });
