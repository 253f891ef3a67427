import { z } from 'zod';
import { shownFeedback } from './interviews';
import { degreeTypes, employmentTypes, experienceLevels, proficiencyLevels, skillTypes } from '../vocabulary';
import { idParam } from './common';
import { calendarDay, oneLine } from './text';

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max.toLocaleString('en')} characters.`);
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => (v ? v : null));
/** A school or job's day: an end may lie ahead (a degree expected in a few years). */
const optionalDate = calendarDay({ message: 'Use a date like 2020-09-01.', yearsAhead: 10 })
  .nullish()
  .transform((v) => v ?? null);
const optionalUrl = z
  .union([z.literal(''), z.url({ protocol: /^https?$/, message: 'Enter a full address, like https://example.com.' }).max(300)])
  .nullish()
  .transform((v) => (v ? v : null));
const endAfterStart = (v: { start_date?: string | null; end_date?: string | null }) =>
  !v.start_date || !v.end_date || v.start_date <= v.end_date;
const endIssue = { message: 'The end date cannot be before the start date.', path: ['end_date'] };

export const education = z
  .object({
    degree_type: z.enum(degreeTypes),
    field_of_study: text(120).min(1, 'Enter the field of study.'),
    institution: text(160).min(1, 'Enter the school or institution.'),
    location: optionalText(120),
    start_date: optionalDate,
    end_date: optionalDate,
    grade_or_gpa: optionalText(40),
    description: text(2000).default(''),
  })
  .refine(endAfterStart, endIssue);
export type Education = z.output<typeof education>;

export const workExperience = z
  .object({
    job_title: oneLine(text(120).min(1, 'Enter the job title.')),
    company_name: oneLine(text(160).min(1, 'Enter the company.')),
    company_location: optionalText(120),
    start_date: calendarDay({ message: 'Use a date like 2020-09-01.', yearsAhead: 1 }),
    /** null: the current job. */
    end_date: optionalDate,
    description: text(4000).default(''),
    technologies_used: z.array(text(40).min(1)).max(30, 'List at most 30 technologies.').default([]),
  })
  .refine(endAfterStart, endIssue);
export type WorkExperience = z.output<typeof workExperience>;

export const profileSkill = z.object({
  skill_name: oneLine(text(60).min(1, 'Enter the skill.')),
  proficiency_level: z.enum(proficiencyLevels),
  years_of_experience: z
    .number()
    .min(0)
    .max(60)
    .nullish()
    .transform((v) => v ?? null),
  skill_type: z.enum(skillTypes).default('Technical'),
  certification: optionalText(160),
});
export type ProfileSkill = z.output<typeof profileSkill>;

/** What the job seeker wants next; matching jobs rank by it. */
export const jobPreferences = z.object({
  desired_titles: z
    .array(oneLine(text(120).min(1)))
    .max(10)
    .default([]),
  locations: z.array(text(120).min(1)).max(10).default([]),
  is_remote_ok: z.boolean().default(true),
  employment_types: z.array(z.enum(employmentTypes)).max(6).default([]),
  experience_level: z
    .enum(experienceLevels)
    .nullish()
    .transform((v) => v ?? null),
  salary_min: z
    .number()
    .int()
    .min(0)
    .max(10_000_000)
    .nullish()
    .transform((v) => v ?? null),
});
export type JobPreferences = z.output<typeof jobPreferences>;

/**
 * The lists arrive as JSON text (spec section 5), in multipart and in plain JSON alike; arrays are
 * accepted too. Bad JSON is a 400 on that field.
 */
export function jsonText<T extends z.ZodType>(schema: T) {
  return z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Expected JSON text.' });
      return z.NEVER;
    }
  }, schema);
}

/** PUT /api/jobseek/profile/: every field optional; a list sent replaces the stored list. */
export const profileUpdate = z.object({
  full_name: oneLine(text(120).min(1, 'Enter your name.')).optional(),
  phone_number: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a phone number, like +49 30 1234567.'),
    ])
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
  // '' clears it: a form sends an emptied date field as empty text.
  date_of_birth: z
    .union([z.literal(''), calendarDay({ message: 'Use a date like 1990-05-17.', earliest: '1900-01-01' })])
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
  bio: text(2000).nullish(),
  linkedin_url: optionalUrl.optional(),
  portfolio_url: optionalUrl.optional(),
  current_job_title: oneLine(text(120)).nullish(),
  job_preferences: jsonText(jobPreferences).optional(),
  educations: jsonText(z.array(education).max(20, 'List at most 20.')).optional(),
  work_experience: jsonText(z.array(workExperience).max(30, 'List at most 30.')).optional(),
  skills: jsonText(z.array(profileSkill).max(60, 'List at most 60 skills.')).optional(),
});
export type ProfileUpdate = z.input<typeof profileUpdate>;

export const profileCompleteness = z.object({
  /** 0–100. */
  percent: z.number().int(),
  /** Plain sentences of what would raise it, e.g. "Add a resume". */
  missing: z.array(z.string()),
});

export const fileInfo = z.object({
  /** A URL under /api/ that serves the file to those allowed to see it. */
  url: z.string(),
  name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  uploaded_at: z.string(),
});
export type FileInfo = z.infer<typeof fileInfo>;

// Output shapes carry no transforms: the response serializer encodes with them, and a one-way
// transform (as in the input schemas above) cannot be encoded.
const educationOut = z.object({
  id: z.number().int(),
  degree_type: z.enum(degreeTypes),
  field_of_study: z.string(),
  institution: z.string(),
  location: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  grade_or_gpa: z.string().nullable(),
  description: z.string(),
});
const workExperienceOut = z.object({
  id: z.number().int(),
  job_title: z.string(),
  company_name: z.string(),
  company_location: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  description: z.string(),
  technologies_used: z.array(z.string()),
});
const profileSkillOut = z.object({
  id: z.number().int(),
  skill_name: z.string(),
  proficiency_level: z.enum(proficiencyLevels),
  years_of_experience: z.number().nullable(),
  skill_type: z.enum(skillTypes),
  certification: z.string().nullable(),
});

export const profileOut = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  email: z.string(),
  full_name: z.string(),
  phone_number: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  bio: z.string().nullable(),
  linkedin_url: z.string().nullable(),
  portfolio_url: z.string().nullable(),
  current_job_title: z.string().nullable(),
  job_preferences: z.object({
    desired_titles: z.array(z.string()),
    locations: z.array(z.string()),
    is_remote_ok: z.boolean(),
    employment_types: z.array(z.enum(employmentTypes)),
    experience_level: z.enum(experienceLevels).nullable(),
    salary_min: z.number().nullable(),
  }),
  profile_photo: fileInfo.nullable(),
  resume: fileInfo.nullable(),
  educations: z.array(educationOut),
  work_experience: z.array(workExperienceOut),
  skills: z.array(profileSkillOut),
  completeness: profileCompleteness,
  updated_at: z.string(),
});
export type ProfileOut = z.infer<typeof profileOut>;
/** GET /api/jobseekers/{id}/: the profile as employers and admins see it, with the interview feedback its owner chose to show. */
export const jobseekerProfileOut = profileOut.extend({ shown_feedback: z.array(shownFeedback) });
export type JobseekerProfileOut = z.infer<typeof jobseekerProfileOut>;

export const jobseekerIdParam = idParam;
