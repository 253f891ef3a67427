import { z } from 'zod';
import { companySizes } from '../vocabulary';
import { currencyCode, paginated, paginationQuery } from './common';
import { calendarDay, oneLine } from './text';
import { defaultCurrency } from '../vocabulary/money';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

/** Every Company field an employer writes, without defaults (a PATCH must not reset what it leaves out). */
const companyFieldsCore = z.object({
  name: oneLine(z.string().trim().min(2, 'Enter the company name.').max(120, 'Use at most 120 characters.')),
  website_url: z
    .union([z.literal(''), z.url({ protocol: /^https?$/, message: 'Enter a full address, like https://example.com.' }).max(300)])
    .nullish()
    .transform((v) => (v ? v : null)),
  industry: optionalText(80),
  company_size: z
    .enum(companySizes)
    .nullish()
    .transform((v) => v ?? null),
  founded_date: calendarDay({ message: 'Use a date like 2015-04-01.' })
    .nullish()
    .transform((v) => v ?? null),
  description: z.string().trim().max(5000, 'Use at most 5,000 characters.'),
  headquarters_location: optionalText(120),
  tech_stack: z.array(z.string().trim().min(1).max(40, 'Use at most 40 characters.')).max(30, 'List at most 30 technologies.'),
  /** What its jobs pay in unless a job says otherwise (ISO 4217). */
  default_currency: currencyCode,
});

/** What an employer writes about its company. `is_approved` is not here: only admins set it. */
export const companyInput = companyFieldsCore.extend({
  description: companyFieldsCore.shape.description.default(''),
  tech_stack: companyFieldsCore.shape.tech_stack.default([]),
  default_currency: companyFieldsCore.shape.default_currency.default(defaultCurrency),
});
export type CompanyInput = z.input<typeof companyInput>;

/** PATCH: any subset; admins may also set is_approved (an employer who tries gets 403). */
export const companyPatch = companyFieldsCore.partial().extend({ is_approved: z.boolean().optional() });
export type CompanyPatch = z.input<typeof companyPatch>;

export const companyOut = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  website_url: z.string().nullable(),
  industry: z.string().nullable(),
  company_size: z.string().nullable(),
  founded_date: z.string().nullable(),
  description: z.string(),
  headquarters_location: z.string().nullable(),
  tech_stack: z.array(z.string()),
  default_currency: z.string(),
  is_approved: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  open_jobs_count: z.number().int(),
  /**
   * On the company's own page (GET /api/companies/{id}/): its median time to a first answer over the
   * last 90 days, once it answered at least 10 applications (null before); absent in lists.
   */
  response_time: z.object({ median_hours: z.number(), answered: z.number().int() }).nullable().optional(),
  /** Shown to the company's members and admins only: who submitted it. */
  owner: z.object({ id: z.number().int(), full_name: z.string(), email: z.string() }).optional(),
});
export type CompanyOut = z.infer<typeof companyOut>;
export const companyList = paginated(companyOut);

export const companyListQuery = paginationQuery.extend({
  is_approved: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  search: z.string().trim().max(120).optional(),
});
export type CompanyListQuery = z.infer<typeof companyListQuery>;

export const approvalOut = z.object({ id: z.number().int(), is_approved: z.boolean() });
