import { z } from 'zod';
import { personOrderings, type PersonOrdering } from '../vocabulary/accounts';
import { limits } from '../limits';
import { roleSchema } from './auth';
import { email, paginated, paginationQuery } from './common';
import { oneLine } from './text';
import { applicationStatus } from './applications';
import { companyOut } from './companies';

/** A user as the admin area sees it: never a password hash, a code or a token. */
export const userOut = z.object({
  id: z.number().int(),
  email: z.string(),
  full_name: z.string(),
  role: roleSchema,
  is_active: z.boolean(),
  /** Why an admin deactivated the account (null while active, or when no reason was given). */
  deactivation_reason: z.string().nullable(),
  email_verified: z.boolean(),
  date_joined: z.string(),
  last_login: z.string().nullable(),
});
export type UserOut = z.infer<typeof userOut>;
export const userList = paginated(userOut);

export const personOrdering = z.enum(personOrderings as [PersonOrdering, ...PersonOrdering[]], {
  error: `Use one of: ${personOrderings.join(', ')}.`,
});

const isActiveQuery = z.enum(['true', 'false', '1', '0'], { error: 'Use true or false.' }).transform((v) => v === 'true' || v === '1');

export const userListQuery = paginationQuery.extend({
  role: roleSchema.optional(),
  search: z.string().trim().max(200).optional(),
  is_active: isActiveQuery.optional(),
  ordering: personOrdering.default('-date_joined'),
});
export type UserListQuery = z.output<typeof userListQuery>;

/** GET /api/jobseekers/, /api/employers/, /api/recruiters/: search (name or e-mail), is_active, ordering. */
export const personListQuery = paginationQuery.extend({
  search: z.string().trim().max(200).optional(),
  is_active: isActiveQuery.optional(),
  ordering: personOrdering.default('-date_joined'),
});
export type PersonListQuery = z.output<typeof personListQuery>;
export type PersonListQueryInput = z.input<typeof personListQuery>;

const personBase = userOut.omit({ email_verified: true });

export const jobseekerPersonOut = personBase.extend({
  applications_count: z.number().int(),
  /** 0–100, the same measure the job seeker sees on their profile. */
  profile_completeness: z.number().int(),
});
export type JobseekerPersonOut = z.infer<typeof jobseekerPersonOut>;
export const jobseekerPersonList = paginated(jobseekerPersonOut);

export const employerPersonOut = personBase.extend({
  company: z.object({ id: z.number().int(), name: z.string(), is_approved: z.boolean() }).nullable(),
  is_company_owner: z.boolean(),
  /** With no company: the one whose owner last removed them from its hiring team, if any. */
  former_company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  jobs_count: z.number().int(),
});
export type EmployerPersonOut = z.infer<typeof employerPersonOut>;
export const employerPersonList = paginated(employerPersonOut);
export const personOut = z.union([jobseekerPersonOut, employerPersonOut]);
export type PersonOut = z.infer<typeof personOut>;
export const personList = paginated(personOut);

const fullName = oneLine(z.string().trim().min(1, 'Enter a name.').max(limits.nameMax, `Use at most ${limits.nameMax} characters.`));

/** POST /api/jobseekers/ and /api/employers/ (admin): the person is e-mailed a code to set a password. */
export const personCreate = z.object({ email, full_name: fullName });
export type PersonCreate = z.infer<typeof personCreate>;
/** PUT /api/jobseekers/{id}/, /api/employers/{id}/, /api/users/{id}/ (admin): name and e-mail. */
export const personUpdate = z.object({ email, full_name: fullName });
export type PersonUpdate = z.infer<typeof personUpdate>;
/** POST /api/users/ (admin): any role, admins included. */
export const userCreate = personCreate.extend({ role: roleSchema });
export type UserCreate = z.infer<typeof userCreate>;

/** POST /api/{jobseekers|employers}/{id}/toggle_active/: a reason is kept when deactivating. */
export const toggleActiveInput = z.preprocess(
  // No body at all is the same as `{}` (Fastify hands the validator null for an empty one).
  (body) => body ?? {},
  z.object({ reason: z.string().trim().max(500, 'Use at most 500 characters.').optional() }),
);
export type ToggleActiveInput = z.infer<typeof toggleActiveInput>;

/** GET /api/admin/data: the admin dashboard's figures, 30-day series and the approval queue. */
export const adminData = z.object({
  counts: z.object({
    jobseekers: z.number().int(),
    employers: z.number().int(),
    recruiters: z.number().int(),
    companies: z.number().int(),
    companies_pending: z.number().int(),
    jobs: z.number().int(),
    jobs_open: z.number().int(),
    applications: z.number().int(),
    applications_by_status: z.partialRecord(applicationStatus, z.number().int()),
    interviews: z.number().int(),
  }),
  series: z.object({
    signups: z.array(z.object({ date: z.string(), jobseekers: z.number().int(), employers: z.number().int() })),
    applications: z.array(z.object({ date: z.string(), n: z.number().int() })),
  }),
  /** The companies waiting for approval, oldest first (at most 50). */
  pending_companies: z.array(companyOut),
});
export type AdminData = z.infer<typeof adminData>;
