import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  char,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  applicationStatuses,
  degreeTypes,
  interviewModes,
  interviewStages,
  interviewStatuses,
  recommendations,
  employmentTypes,
  experienceLevels,
  alertFrequencies,
  jobStatuses,
  proficiencyLevels,
  skillTypes,
  type JobPreferences,
} from '@jobportal/shared';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    fullName: text('full_name').notNull(),
    role: text('role', { enum: ['admin', 'jobseeker', 'employer'] }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Why an admin deactivated the account; cleared when it is activated again. */
    deactivationReason: text('deactivation_reason'),
    emailVerified: boolean('email_verified').notNull().default(false),
    googleSub: text('google_sub'),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    /**
     * What people searches look in: name and e-mail, lower-cased once when written. `LIKE` on it
     * is several times cheaper per row than `ILIKE` on the two columns, which lower-cases on read.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(full_name || ' ' || email)`),
    /** The IANA zone of the person's browser (PATCH /api/account/); null until it has told us. */
    timeZone: text('time_zone'),
    /**
     * When the person deleted their own account (docs/decisions/017-privacy.md): the row stays as a
     * "Former member" with no personal data, so the other side keeps its conversations and records.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * The company whose owner last removed this person from its hiring team, and when: they are told
     * so, and the admin's tables show them as its former recruiter while they work for no company.
     */
    removedFromCompanyId: integer('removed_from_company_id').references((): AnyPgColumn => companies.id, { onDelete: 'set null' }),
    removedFromCompanyAt: timestamp('removed_from_company_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    index('users_role_idx').on(t.role, t.id),
    // The admin's people tables: one per sort (role first, the id breaks ties), and substring search.
    index('users_role_date_joined_idx').on(t.role, t.dateJoined, t.id),
    index('users_role_full_name_idx').on(t.role, t.fullName, t.id),
    index('users_role_email_idx').on(t.role, t.email, t.id),
    // Signed in lately first, never signed in last (read backwards: never signed in first).
    index('users_role_last_login_idx').on(t.role, t.lastLogin.desc().nullsLast(), t.id.desc()),
    index('users_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    check('users_role_check', sql`${t.role} in ('admin', 'jobseeker', 'employer')`),
  ],
);

/**
 * How many accounts there are of each role and active state, so the people tables' totals are not a
 * count of every row (docs/decisions/013-administration.md). Kept exact by triggers on users
 * (migration 0022): each backend adds to one of 8 slots (its process id modulo 8), so sign-ups at
 * the same moment do not queue on one row; a total is the sum of a role's slots.
 */
export const userCounts = pgTable(
  'user_counts',
  {
    role: text('role', { enum: ['admin', 'jobseeker', 'employer'] }).notNull(),
    isActive: boolean('is_active').notNull(),
    slot: smallint('slot').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.role, t.isActive, t.slot] })],
);

/** A signed-in device: refresh tokens rotate within it; revoking it signs that device out. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['signup', 'sign_in', 'password_reset', 'company_invite', 'account_deletion'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** Wrong tries from every address but the one that asked for the code, together. */
    attempts: integer('attempts').notNull().default(0),
    /** The address that asked for the code (null: an admin or a team owner had it sent to someone else). */
    requestedFrom: text('requested_from'),
    /** Wrong tries from the address that asked for the code: strangers cannot use these up. */
    requesterAttempts: integer('requester_attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('one_time_codes_lookup_idx').on(t.email, t.purpose, t.createdAt)],
);

/** Server-wide secrets made at first start, shared by every instance on this database. */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    logo: text('logo'),
    websiteUrl: text('website_url'),
    industry: text('industry'),
    companySize: text('company_size'),
    foundedDate: date('founded_date', { mode: 'string' }),
    description: text('description').notNull().default(''),
    headquartersLocation: text('headquarters_location'),
    techStack: jsonb('tech_stack').$type<string[]>().notNull().default([]),
    /** ISO 4217: what its jobs pay in unless a job says otherwise (docs/decisions/016-money.md). */
    defaultCurrency: char('default_currency', { length: 3 }).notNull().default('USD'),
    isApproved: boolean('is_approved').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('companies_owner_key').on(t.ownerId),
    index('companies_approved_idx').on(t.isApproved, t.createdAt),
    check('companies_default_currency_check', sql`${t.defaultCurrency} ~ '^[A-Z]{3}$'`),
  ],
);

export const companyRoles = ['owner', 'recruiter'] as const;

/**
 * Who works for a company: its owner (who submitted it; a trigger of migration 0010 adds the row
 * when the company is inserted) and the recruiters the owner invited. A person belongs to at most
 * one company. Every "may this employer…" rule asks for this row (apps/server/src/policies).
 */
export const companyMembers = pgTable(
  'company_members',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: companyRoles }).notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('company_members_user_key').on(t.userId),
    index('company_members_company_idx').on(t.companyId, t.joinedAt),
    check('company_members_role_check', sql`${t.role} in ('owner', 'recruiter')`),
  ],
);

/**
 * An invitation to join a company's hiring team, sent to an e-mail address. Its code is a
 * one-time code (purpose `company_invite`) of `one_time_codes`; this row says which company and
 * whether it is still pending. One pending invitation per company and address.
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** When the latest code sent for it expires (re-inviting sends a new code). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('company_invitations_pending_key')
      .on(t.companyId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.withdrawnAt} is null`),
    index('company_invitations_email_idx').on(t.email, t.createdAt),
  ],
);

/** Admin-kept lookup lists; names are unique whatever their case. */
export const jobCategories = pgTable(
  'job_categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('job_categories_name_key').on(sql`lower(${t.name})`)],
);

export const jobSkills = pgTable(
  'job_skills',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('job_skills_name_key').on(sql`lower(${t.name})`)],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The GIN indexes of the job tables take each write's entries into their trees at once, with no
 * pending list: a pending list (GIN's default, up to gin_pending_list_limit, 4 MB) is read whole by
 * every search through the index until a write past the limit or a vacuum merges it, which that
 * write then waits for. Searches at a steady speed while jobs are written, for a little more time
 * per write (docs/decisions/006-job-search.md, "Writes while searching").
 */
const ginWithoutPendingList = { fastupdate: false };

/**
 * A job posting. Categories and skills are id arrays (not link tables) so one row carries every
 * search filter and facet; see docs/decisions/006-job-search.md. `search_vector` is kept by the
 * trigger `jobs_search_document` (migration 0003), never written by the application.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The member who posted it; the job belongs to the company and stays when they leave. */
    postedBy: integer('posted_by').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    responsibilities: text('responsibilities').notNull().default(''),
    qualifications: text('qualifications').notNull().default(''),
    niceToHave: text('nice_to_have').notNull().default(''),
    location: text('location').notNull(),
    isRemote: boolean('is_remote').notNull().default(false),
    salaryMin: integer('salary_min'),
    salaryMax: integer('salary_max'),
    /**
     * ISO 4217, the currency of the pay range. Left out of an insert, the trigger `jobs_currency_default`
     * (migration 0021) writes the company's default currency, so every write path (the API, seeds,
     * the benchmark's bulk loaders) gets it.
     */
    currency: char('currency', { length: 3 })
      .notNull()
      .$defaultFn(() => sql`default`),
    employmentType: text('employment_type', { enum: employmentTypes }).notNull(),
    experienceLevel: text('experience_level', { enum: experienceLevels }).notNull(),
    jobFunction: text('job_function'),
    categoryIds: integer('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    skillIds: integer('skill_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    applicationDeadline: date('application_deadline', { mode: 'string' }),
    status: text('status', { enum: jobStatuses }).notNull().default('open'),
    /** Applications left without any answer for 30 days are closed (rejected) with a polite message; false: the employer opted out. */
    autoClose: boolean('auto_close').notNull().default(true),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector('search_vector')
      .notNull()
      .default(sql`''::tsvector`),
    /** The title's words alone, kept by PostgreSQL: matching jobs compares wished titles with it (small, never toasted). */
    titleVector: tsvector('title_vector').generatedAlwaysAs(sql`to_tsvector('english'::regconfig, title)`),
  },
  (t) => [
    index('jobs_company_idx').on(t.companyId, t.postedAt),
    // A person's jobs count in the admin's tables, and deleting a person (posted_by set null).
    index('jobs_posted_by_idx').on(t.postedBy),
    index('jobs_title_vector_idx').using('gin', t.titleVector).with(ginWithoutPendingList),
    // Matching jobs walks the open jobs newest first (backwards) and reads every fact it scores from this index
    // alone (an index-only scan; drizzle has no INCLUDE, so the facts are trailing key columns).
    index('jobs_open_match_idx')
      .on(
        t.postedAt,
        t.id,
        t.companyId,
        t.applicationDeadline,
        t.experienceLevel,
        t.employmentType,
        t.isRemote,
        t.salaryMin,
        t.salaryMax,
        t.location,
        t.skillIds,
        t.titleVector,
      )
      .where(sql`${t.status} = 'open'`),
    // Newest first is this index read backwards (the employer's list of jobs).
    index('jobs_newest_idx').on(t.postedAt, t.id),
    // Which jobs use a category or skill (renames, deletion checks).
    index('jobs_category_ids_idx').using('gin', t.categoryIds).with(ginWithoutPendingList),
    index('jobs_skill_ids_idx').using('gin', t.skillIds).with(ginWithoutPendingList),
    check('jobs_salary_order_check', sql`${t.salaryMin} is null or ${t.salaryMax} is null or ${t.salaryMin} <= ${t.salaryMax}`),
    check('jobs_status_check', sql`${t.status} in ('open', 'closed')`),
    check('jobs_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('jobs_employment_type_check', sql.raw(`employment_type in (${employmentTypes.map((v) => `'${v}'`).join(', ')})`)),
    check('jobs_experience_level_check', sql.raw(`experience_level in (${experienceLevels.map((v) => `'${v}'`).join(', ')})`)),
  ],
);

/**
 * What job search reads, one narrow row per job (~1.3 KB instead of a job's ~2.4 KB, of which the
 * weighted vector, toasted out of line in `jobs`, is most): the filter and facet columns, what makes
 * a job public, and the weighted search vector inline. Kept by triggers on `jobs` and `companies`
 * (migration 0009), never written by the application; see docs/decisions/006-job-search.md.
 */
export const jobSearch = pgTable(
  'job_search',
  {
    id: integer('id')
      .primaryKey()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    salaryMin: integer('salary_min'),
    salaryMax: integer('salary_max'),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull(),
    applicationDeadline: date('application_deadline', { mode: 'string' }),
    /** jobs.status = 'open' */
    isOpen: boolean('is_open').notNull(),
    /** The company's is_approved. */
    companyApproved: boolean('company_approved').notNull(),
    isRemote: boolean('is_remote').notNull(),
    employmentType: text('employment_type').notNull(),
    experienceLevel: text('experience_level').notNull(),
    location: text('location').notNull(),
    categoryIds: integer('category_ids').array().notNull(),
    skillIds: integer('skill_ids').array().notNull(),
    searchVector: tsvector('search_vector').notNull(),
    /** jobs.currency: a pay filter is in one currency (migration 0021). */
    currency: char('currency', { length: 3 }).notNull(),
  },
  (t) => [
    index('job_search_vector_idx').using('gin', t.searchVector).with(ginWithoutPendingList),
    index('job_search_company_idx').on(t.companyId),
    // Fixed samples of jobs (1 in 16, 1 in 128, by id) for estimated counts and facets of very broad searches.
    index('job_search_sample16_idx')
      .using('gin', t.searchVector)
      .with(ginWithoutPendingList)
      .where(sql`${t.id} % 16 = 0`),
    index('job_search_sample128_idx')
      .using('gin', t.searchVector)
      .with(ginWithoutPendingList)
      .where(sql`${t.id} % 128 = 0`),
    // Migration 0034 makes these two covering (INCLUDE every column a search without words reads),
    // which drizzle cannot write: searches without words then read their sample from the index alone.
    index('job_search_sample16_posted_idx')
      .on(t.postedAt)
      .where(sql`${t.id} % 16 = 0`),
    index('job_search_sample128_posted_idx')
      .on(t.postedAt)
      .where(sql`${t.id} % 128 = 0`),
    // The salary sort walks this index: highest pay first, then newest. The pay range's lower end
    // and the currency trail, so a pay ceiling and the filter's currency are checked in the index:
    // better-paid jobs and jobs in other currencies are passed without a visit.
    index('job_search_salary_sort_idx').on(
      sql`coalesce(${t.salaryMax}, ${t.salaryMin}) desc nulls last`,
      t.postedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      sql`coalesce(${t.salaryMin}, ${t.salaryMax})`,
      t.currency,
    ),
    // Newest first is this index read backwards.
    index('job_search_newest_idx').on(t.postedAt, t.id),
    // The location filter is a substring match (ILIKE '%berlin%').
    index('job_search_location_trgm_idx').using('gin', t.location.op('gin_trgm_ops')).with(ginWithoutPendingList),
    index('job_search_category_ids_idx').using('gin', t.categoryIds).with(ginWithoutPendingList),
    index('job_search_skill_ids_idx').using('gin', t.skillIds).with(ginWithoutPendingList),
  ],
);

/** Every distinct word of the job texts: what a misspelt search word is corrected against (pg_trgm). */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [index('search_words_trgm_idx').using('gist', t.word.op('gist_trgm_ops'))],
);

const oneOf = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

/**
 * An uploaded file (resume or photo) of a user. The bytes live in the storage under `storage_key`,
 * outside the web root; the API serves them after its access checks. One row may be used by the
 * profile and by applications at once (an application "uses the profile resume"), so a replaced
 * profile file is deleted only when no application still refers to it.
 */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    /** The cleaned original name, shown and used for downloads. */
    originalName: text('original_name').notNull(),
    /** Decided from the file's bytes, never from what the client declared. */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('uploaded_files_key').on(t.storageKey), index('uploaded_files_owner_idx').on(t.ownerId)],
);

/** A job seeker's profile: one per job seeker, created the first time it is read. Name and e-mail stay on `users`. */
export const jobseekerProfiles = pgTable(
  'jobseeker_profiles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    bio: text('bio'),
    linkedinUrl: text('linkedin_url'),
    portfolioUrl: text('portfolio_url'),
    currentJobTitle: text('current_job_title'),
    jobPreferences: jsonb('job_preferences').$type<Partial<JobPreferences>>().notNull().default({}),
    photoFileId: integer('photo_file_id').references(() => uploadedFiles.id, { onDelete: 'set null' }),
    resumeFileId: integer('resume_file_id').references(() => uploadedFiles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('jobseeker_profiles_user_key').on(t.userId)],
);

const profileChild = () => ({
  id: serial('id').primaryKey(),
  profileId: integer('profile_id')
    .notNull()
    .references(() => jobseekerProfiles.id, { onDelete: 'cascade' }),
  /** The order the job seeker listed them in. */
  position: integer('position').notNull(),
});

export const profileEducations = pgTable(
  'profile_educations',
  {
    ...profileChild(),
    degreeType: text('degree_type', { enum: degreeTypes }).notNull(),
    fieldOfStudy: text('field_of_study').notNull(),
    institution: text('institution').notNull(),
    location: text('location'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    gradeOrGpa: text('grade_or_gpa'),
    description: text('description').notNull().default(''),
  },
  (t) => [
    index('profile_educations_profile_idx').on(t.profileId, t.position),
    check('profile_educations_degree_check', oneOf('degree_type', degreeTypes)),
  ],
);

export const profileWorkExperience = pgTable(
  'profile_work_experience',
  {
    ...profileChild(),
    jobTitle: text('job_title').notNull(),
    companyName: text('company_name').notNull(),
    companyLocation: text('company_location'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    description: text('description').notNull().default(''),
    technologiesUsed: jsonb('technologies_used').$type<string[]>().notNull().default([]),
  },
  (t) => [index('profile_work_experience_profile_idx').on(t.profileId, t.position)],
);

export const profileSkills = pgTable(
  'profile_skills',
  {
    ...profileChild(),
    skillName: text('skill_name').notNull(),
    proficiencyLevel: text('proficiency_level', { enum: proficiencyLevels }).notNull(),
    yearsOfExperience: doublePrecision('years_of_experience'),
    skillType: text('skill_type', { enum: skillTypes }).notNull().default('Technical'),
    certification: text('certification'),
  },
  (t) => [
    index('profile_skills_profile_idx').on(t.profileId, t.position),
    check('profile_skills_proficiency_check', oneOf('proficiency_level', proficiencyLevels)),
    check('profile_skills_type_check', oneOf('skill_type', skillTypes)),
  ],
);

/** One per job and job seeker (a unique index says so too); moves only as canMoveApplication allows. */
export const applications = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    jobseekerId: integer('jobseeker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: applicationStatuses }).notNull().default('applied'),
    coverLetter: text('cover_letter').notNull().default(''),
    /** Null once the job seeker deleted their account: their files go with it (decision 017). */
    resumeFileId: integer('resume_file_id').references(() => uploadedFiles.id),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a member of the company first opened the applicant (the job seeker's timeline shows it). */
    firstViewedAt: timestamp('first_viewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('applications_job_jobseeker_key').on(t.jobId, t.jobseekerId),
    index('applications_job_applied_idx').on(t.jobId, t.appliedAt),
    // A status column of a job's applicants (list filter, hiring board), newest first, read in index order.
    index('applications_job_status_applied_idx').on(t.jobId, t.status, t.appliedAt, t.id),
    index('applications_jobseeker_idx').on(t.jobseekerId, t.appliedAt),
    index('applications_resume_idx').on(t.resumeFileId),
    // The admin dashboard's applications per day.
    index('applications_applied_at_idx').on(t.appliedAt),
    check('applications_status_check', oneOf('status', applicationStatuses)),
  ],
);

export const historyActors = ['jobseeker', 'employer', 'admin', 'system'] as const;

/** Every status an application has had, the first one being `applied`. */
export const applicationStatusHistory = pgTable(
  'application_status_history',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    status: text('status', { enum: applicationStatuses }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    changedBy: text('changed_by', { enum: historyActors }).notNull(),
    changedByUserId: integer('changed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('application_status_history_application_idx').on(t.applicationId, t.changedAt),
    // Deleting a person sets their moves' changed_by_user_id to null: found by this index, not a scan.
    index('application_status_history_changed_by_idx').on(t.changedByUserId),
    check('application_status_history_status_check', oneOf('status', applicationStatuses)),
    check('application_status_history_actor_check', oneOf('changed_by', historyActors)),
  ],
);

export const savedJobs = pgTable(
  'saved_jobs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_jobs_user_job_key').on(t.userId, t.jobId), index('saved_jobs_user_saved_idx').on(t.userId, t.savedAt)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    message: text('message').notNull(),
    /** A route of the web app (after the #), e.g. /jobseekerapplications. */
    link: text('link'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
    /**
     * When the row was pushed live (`notification:new`); null until then. Whoever inserts a row (any
     * module, in its own transaction) leaves it null, and the realtime layer's dispatcher pushes it
     * after the commit: an outbox in the row itself, so a crash before the push loses nothing.
     */
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`not ${t.isRead}`),
    index('notifications_unpushed_idx')
      .on(t.id)
      .where(sql`${t.pushedAt} is null`),
    // A job alert has at most one unread notice (its link is the alert's page): two processes matching at once write one.
    uniqueIndex('notifications_open_alert_notice_key')
      .on(t.userId, t.link)
      .where(sql`${t.type} = 'job_alert_matches' and not ${t.isRead}`),
  ],
);

/**
 * One conversation per job seeker and company (decisions.md): every member of the company sees and
 * answers it; `employer_id` names the member who opened it.
 */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: serial('id').primaryKey(),
    jobseekerId: integer('jobseeker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The member who opened it; when that account is deleted, the company's owner is shown. */
    employerId: integer('employer_id').references(() => users.id, { onDelete: 'set null' }),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    /** When each side was last e-mailed about unread messages (one e-mail per quiet spell). */
    jobseekerEmailedAt: timestamp('jobseeker_emailed_at', { withTimezone: true }),
    companyEmailedAt: timestamp('company_emailed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_rooms_pair_key').on(t.jobseekerId, t.companyId),
    index('chat_rooms_company_updated_idx').on(t.companyId, t.updatedAt),
    index('chat_rooms_jobseeker_updated_idx').on(t.jobseekerId, t.updatedAt),
  ],
);

/**
 * Messages, stored before they are delivered. `read_at`: when the other side read it (any member of
 * the company reads for the company). `client_id` makes a retry of the same send harmless.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** True when the job seeker sent it (false: a member of the company). */
    fromJobseeker: boolean('from_jobseeker').notNull(),
    content: text('content').notNull(),
    clientId: text('client_id'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('chat_messages_sender_client_key').on(t.senderId, t.clientId),
    // A sender's recent messages: the flood limit counts them as it stores a message.
    index('chat_messages_sender_recent_idx').on(t.senderId, t.createdAt),
    index('chat_messages_room_id_idx').on(t.roomId, t.id),
    index('chat_messages_unread_idx')
      .on(t.roomId, t.fromJobseeker)
      .where(sql`${t.readAt} is null`),
    check('chat_messages_content_check', sql`char_length(${t.content}) between 1 and 4000`),
  ],
);

/**
 * One interview of an application. Times are UTC instants (`scheduled_time`, `end_time`) with the
 * IANA zone they were planned in. Two exclusion constraints (migration interviews_no_overlap,
 * btree_gist) refuse overlapping times for one interviewer and for one job seeker; cancelled and
 * offered interviews hold no time (an offer cancelled before a pick never had one). The job, company
 * and job seeker are copied from the application (they never change) so lists and the constraints
 * need no join.
 */
export const interviews = pgTable(
  'interviews',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    jobseekerId: integer('jobseeker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    interviewerId: integer('interviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: interviewStatuses }).notNull(),
    scheduledTime: timestamp('scheduled_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    timeZone: text('time_zone').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    mode: text('mode', { enum: interviewModes }).notNull(),
    location: text('location'),
    meetingLink: text('meeting_link'),
    notes: text('notes'),
    offeredTimes: timestamp('offered_times', { withTimezone: true })
      .array()
      .notNull()
      .default(sql`'{}'`),
    seekerConfirmedAt: timestamp('seeker_confirmed_at', { withTimezone: true }),
    /** The calendar invite's SEQUENCE: raised by every change of time, place or status. */
    sequence: integer('sequence').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('interviews_company_time_idx').on(t.companyId, t.scheduledTime),
    index('interviews_jobseeker_time_idx').on(t.jobseekerId, t.scheduledTime),
    index('interviews_application_idx').on(t.applicationId),
    index('interviews_job_idx').on(t.jobId),
    check('interviews_status_check', oneOf('status', interviewStatuses)),
    check('interviews_mode_check', oneOf('mode', interviewModes)),
    check(
      'interviews_time_check',
      sql`((${t.scheduledTime} is null) = (${t.status} = 'offered') or (${t.status} = 'cancelled' and ${t.scheduledTime} is null)) and (${t.endTime} is null) = (${t.scheduledTime} is null) and (${t.endTime} > ${t.scheduledTime} or ${t.endTime} is null)`,
    ),
  ],
);

/** A scorecard: one per interview and author; `is_approved` is the job seeker's choice to show it. */
export const interviewFeedbacks = pgTable(
  'interview_feedbacks',
  {
    id: serial('id').primaryKey(),
    interviewId: integer('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: interviewStages }).notNull(),
    score: integer('score').notNull(),
    ratings: jsonb('ratings').$type<Record<string, number>>().notNull().default({}),
    strengths: text('strengths').notNull().default(''),
    concerns: text('concerns').notNull().default(''),
    recommendation: text('recommendation', { enum: recommendations }),
    feedback: text('feedback').notNull(),
    isApproved: boolean('is_approved').notNull().default(false),
    providedAt: timestamp('provided_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('interview_feedbacks_interview_author_key').on(t.interviewId, t.authorId),
    check('interview_feedbacks_stage_check', oneOf('stage', interviewStages)),
    check('interview_feedbacks_score_check', sql`${t.score} between 0 and 10`),
  ],
);

/**
 * The reminders to send (24 h and 1 h before), one row per interview, kind and time: a moved
 * interview gets new rows and its old ones are deleted in the same transaction; the runner claims
 * due rows with FOR UPDATE SKIP LOCKED and marks them sent in the transaction that claims them.
 */
export const interviewReminders = pgTable(
  'interview_reminders',
  {
    id: serial('id').primaryKey(),
    interviewId: integer('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['24h', '1h'] }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('interview_reminders_interview_kind_key').on(t.interviewId, t.kind),
    index('interview_reminders_due_idx')
      .on(t.dueAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/**
 * What people changed, who and when: append-only (triggers refuse UPDATE, DELETE and TRUNCATE, see
 * migration audit_log_append_only and docs/decisions/009-audit-log.md). No foreign key on the actor:
 * deleting a user must never touch the log, so the actor's e-mail and name are kept as snapshots.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The user who made the change; null for the system. */
    actorId: integer('actor_id'),
    actorEmail: text('actor_email'),
    actorName: text('actor_name'),
    /** Dotted: `application.status_changed`, `company.approval_changed`, `category.renamed`, … */
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    /** The meaningful values before and after (`{status: 'applied'}` → `{status: 'reviewed'}`), not whole rows. */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_actor_idx').on(t.actorId, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_actor_email_idx').on(t.actorEmail, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_action_idx').on(t.action, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_object_idx').on(t.objectType, t.objectId, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const exportStatuses = ['pending', 'building', 'ready', 'failed', 'expired'] as const;

/**
 * A person's "download my data" zip (docs/decisions/017-privacy.md): made in the background by the
 * job runner, stored under `storage_key` until `expires_at` (24 hours after it was ready).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: exportStatuses }).notNull().default('pending'),
    createdAt: createdAt(),
    /** When a process took it to build (a build older than a few minutes is taken again: that process died). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.createdAt),
    index('data_exports_open_idx')
      .on(t.status)
      .where(sql`${t.status} in ('pending', 'building', 'ready')`),
    check('data_exports_status_check', oneOf('status', exportStatuses)),
  ],
);

/**
 * The hiring team's notes on an application: private to the company (the job seeker never sees
 * them). `mentioned_ids`: the teammates the note mentions (`@Full Name`), each told once.
 */
export const applicationNotes = pgTable(
  'application_notes',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** Null once the author's account is deleted; the note stays with the team. */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    mentionedIds: integer('mentioned_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('application_notes_application_idx').on(t.applicationId, t.createdAt),
    index('application_notes_author_idx').on(t.authorId),
    check('application_notes_body_check', sql`char_length(${t.body}) between 1 and 5000`),
  ],
);

/** A company's message templates (rejections and other answers), with `{first_name}` and `{job_title}` placeholders. */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('message_templates_company_name_key').on(t.companyId, t.name)],
);

/** The last day each daily job ran (retention): one process a day claims it with one UPDATE. */
export const dailyRuns = pgTable('daily_runs', {
  name: text('name').primaryKey(),
  lastRunOn: date('last_run_on', { mode: 'string' }).notNull(),
});

const tsquery = customType<{ data: string }>({ dataType: () => 'tsquery' });
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });
const pgSnapshot = customType<{ data: string }>({ dataType: () => 'pg_snapshot' });

/**
 * The searches of job alerts, each once however many alerts keep it (`key`: its criteria as matching
 * reads them): what the percolator checks a new job against (decision 024). Written by the alerts
 * service from the search's own parsing and SQL: `query` (the words as the search's tsquery),
 * `anchors` (tokens of which a matching job has at least one; null: every job is a candidate) and
 * the filters.
 */
export const jobAlertSearches = pgTable(
  'job_alert_searches',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    query: tsquery('query'),
    anchors: text('anchors').array(),
    employmentTypes: text('employment_types').array(),
    experienceLevels: text('experience_levels').array(),
    categoryIds: integer('category_ids').array(),
    skillIds: integer('skill_ids').array(),
    /** The location filter's ILIKE pattern, as the search writes it (`%berlin%`). */
    locationPattern: text('location_pattern'),
    isRemote: boolean('is_remote'),
    salaryMin: integer('salary_min'),
    salaryMax: integer('salary_max'),
    currency: char('currency', { length: 3 }),
    companyId: integer('company_id'),
    postedWithinDays: smallint('posted_within_days'),
  },
  (t) => [
    uniqueIndex('job_alert_searches_key').on(t.key),
    // The percolator: a new job's tokens find the searches with one of them as an anchor.
    index('job_alert_searches_anchors_idx').using('gin', t.anchors).with(ginWithoutPendingList),
    // Searches without an anchor are candidates for every job.
    index('job_alert_searches_unanchored_idx')
      .on(t.id)
      .where(sql`${t.anchors} is null`),
  ],
);

/**
 * Saved searches that tell people of new jobs (issue #49; docs/decisions/024-job-alerts.md). A job
 * seeker's (`user_id`) or a visitor's (`email_address`, confirmed by a link before anything else is
 * sent: `confirmed_at`). `criteria` keeps the search as GET /api/jobs/ takes it; the columns after it
 * are that search parsed for matching, written by the service from the same parsing and SQL the
 * search uses: `query` (the words as the search's tsquery), `anchors` (tokens of which a matching job
 * has at least one: the percolator's candidate key; null: none, every new job is a candidate) and
 * the filters.
 */
export const jobAlerts = pgTable(
  'job_alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A visitor's address (lower case); null for a job seeker's alert (their account's address is used). */
    emailAddress: text('email_address'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    name: text('name').notNull(),
    criteria: jsonb('criteria').$type<Record<string, string>>().notNull(),
    frequency: text('frequency', { enum: alertFrequencies }).notNull(),
    inApp: boolean('in_app').notNull(),
    byEmail: boolean('by_email').notNull(),
    paused: boolean('paused').notNull().default(false),
    /** A visitor's zone (their browser's) for e-mails at 08:00; a job seeker's is their account's. */
    timeZone: text('time_zone'),
    /** Mixed into the alert's link tokens (HMAC): a new salt voids every link sent before. */
    tokenSalt: text('token_salt').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The search as matching reads it: alerts with the same search share one row (decision 024). */
    searchId: integer('search_id')
      .notNull()
      .references(() => jobAlertSearches.id),
    /** Matches after this moment are new (the owner opened the matches then). */
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The alert's matches are its search's from this moment on: when it was confirmed (a job seeker's
     * at once), or its search last changed. Null: not confirmed, nothing is matched for it.
     */
    matchesSince: timestamp('matches_since', { withTimezone: true }),
    /** What its last e-mail saw: the next takes the matches written by transactions this snapshot did not see. */
    emailedSnapshot: pgSnapshot('emailed_snapshot'),
    lastEmailedAt: timestamp('last_emailed_at', { withTimezone: true }),
    /** When the next e-mail is due: 08:00 in the person's zone (daily, weekly), or an hour after the last (at once). */
    nextEmailAt: timestamp('next_email_at', { withTimezone: true }),
  },
  (t) => [
    index('job_alerts_user_idx').on(t.userId, t.id),
    index('job_alerts_email_idx').on(t.emailAddress),
    // A matching search's alerts (and the foreign key's check when a search goes).
    index('job_alerts_search_idx').on(t.searchId),
    index('job_alerts_next_email_idx')
      .on(t.nextEmailAt)
      .where(sql`${t.nextEmailAt} is not null`),
    check('job_alerts_owner_check', sql`${t.userId} is not null or ${t.emailAddress} is not null`),
    check('job_alerts_frequency_check', oneOf('frequency', alertFrequencies)),
  ],
);

/**
 * The jobs each search found: one row per search and job (the key makes it once, whatever processes
 * and restarts), however many alerts keep the search; an alert's matches are its search's since its
 * `matches_since`. `xid` is the writing transaction: an e-mail takes the rows its alert's last
 * e-mail's snapshot did not see (decision 024).
 */
export const jobAlertSearchMatches = pgTable(
  'job_alert_search_matches',
  {
    searchId: integer('search_id')
      .notNull()
      .references(() => jobAlertSearches.id, { onDelete: 'cascade' }),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
    xid: xid8('xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [
    primaryKey({ columns: [t.searchId, t.jobId] }),
    index('job_alert_search_matches_newest_idx').on(t.searchId, t.matchedAt.desc(), t.jobId.desc()),
    index('job_alert_search_matches_xid_idx').on(t.searchId, t.xid),
    index('job_alert_search_matches_job_idx').on(t.jobId),
  ],
);

/** Jobs that became public and wait to be matched with the alerts: the job runner's queue (FOR UPDATE SKIP LOCKED). */
export const jobAlertQueue = pgTable(
  'job_alert_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    enqueuedAt: timestamp('enqueued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_alert_queue_job_idx').on(t.jobId)],
);

/**
 * Whether each job was public when alerts last heard of it: a change that makes it public (posted
 * open, reopened, its company approved) queues it once; an edit of a job that stays public does not.
 */
export const jobAlertPublications = pgTable('job_alert_publications', {
  jobId: integer('job_id')
    .primaryKey()
    .references(() => jobs.id, { onDelete: 'cascade' }),
  isPublic: boolean('is_public').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
export type CompanyMemberRow = typeof companyMembers.$inferSelect;
export type CompanyRole = (typeof companyRoles)[number];
export type JobRow = typeof jobs.$inferSelect;
export type TaxonomyRow = typeof jobCategories.$inferSelect;
export type UploadedFileRow = typeof uploadedFiles.$inferSelect;
export type ProfileRow = typeof jobseekerProfiles.$inferSelect;
export type ApplicationRow = typeof applications.$inferSelect;
export type DataExportRow = typeof dataExports.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
export type InterviewRow = typeof interviews.$inferSelect;
export type FeedbackRow = typeof interviewFeedbacks.$inferSelect;
export type ApplicationNoteRow = typeof applicationNotes.$inferSelect;
export type MessageTemplateRow = typeof messageTemplates.$inferSelect;
export type JobAlertRow = typeof jobAlerts.$inferSelect;
