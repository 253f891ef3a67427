import { z } from 'zod';
import {
  feedbackCriteria,
  interviewEndings,
  interviewLimits as L,
  interviewModes,
  interviewStages,
  interviewStatuses,
  recommendations,
} from '../vocabulary';
import { dbId, paginated, paginationQuery, timeZoneName } from './common';
import { moment } from './text';

/** A moment with its offset (`2026-11-25T09:30:00+01:00` or `…Z`); answers always give UTC. */
const instant = moment({ message: 'Use a date and time with its offset, like 2026-11-25T09:30:00Z.', yearsAhead: 5 });
const timeZone = timeZoneName;
const duration = z
  .number()
  .int()
  .min(L.durationMin, `At least ${L.durationMin} minutes.`)
  .max(L.durationMax, `At most ${L.durationMax} minutes.`);
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max.toLocaleString('en')} characters.`);
const meetingLink = z
  .union([
    z.literal(''),
    z.url({ protocol: /^https?$/, message: 'Enter a full http(s) address, like https://meet.example.com/abc.' }).max(L.linkMax),
  ])
  .transform((v) => v || null);
const nullableText = (max: number) => text(max).transform((v) => v || null);

const interviewDetails = {
  duration_minutes: duration,
  time_zone: timeZone,
  mode: z.enum(interviewModes),
  location: nullableText(L.locationMax).nullable().optional(),
  meeting_link: meetingLink.nullable().optional(),
  notes: nullableText(L.notesMax).nullable().optional(),
};

/** POST /api/schedule-interview/: one time (`scheduled_time`) or 2-6 times to pick from (`offered_times`). */
export const scheduleInterviewRequest = z
  .object({
    application: dbId,
    scheduled_time: instant.optional(),
    offered_times: z
      .array(instant)
      .min(L.offeredMin, `Offer at least ${L.offeredMin} times.`)
      .max(L.offeredMax, `Offer at most ${L.offeredMax} times.`)
      .optional(),
    interviewer: dbId.optional(),
    ...interviewDetails,
  })
  .superRefine((v, ctx) => {
    if (v.scheduled_time && v.offered_times) {
      ctx.addIssue({ code: 'custom', path: ['offered_times'], message: 'Give one time or times to pick from, not both.' });
    } else if (!v.scheduled_time && !v.offered_times) {
      ctx.addIssue({ code: 'custom', path: ['scheduled_time'], message: 'Choose a time, or offer times to pick from.' });
    }
    if (v.offered_times && new Set(v.offered_times.map((t) => Date.parse(t))).size !== v.offered_times.length) {
      ctx.addIssue({ code: 'custom', path: ['offered_times'], message: 'Each offered time only once.' });
    }
    if (v.mode === 'in_person' && !v.location) {
      ctx.addIssue({ code: 'custom', path: ['location'], message: 'Give the address for an interview in person.' });
    }
  });
export type ScheduleInterviewRequest = z.input<typeof scheduleInterviewRequest>;

/** PATCH /api/update-interview/{id}/: a new time makes it `rescheduled`; `status` ends it. */
export const updateInterviewRequest = z
  .object({
    scheduled_time: instant.optional(),
    duration_minutes: duration.optional(),
    time_zone: timeZone.optional(),
    mode: z.enum(interviewModes).optional(),
    location: interviewDetails.location,
    meeting_link: interviewDetails.meeting_link,
    notes: interviewDetails.notes,
    status: z.enum(interviewEndings).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { path: ['body'], message: 'Send at least one change.' });
export type UpdateInterviewRequest = z.input<typeof updateInterviewRequest>;

export const chooseInterviewTimeRequest = z.object({ scheduled_time: instant });

export const interviewsQuery = paginationQuery.extend({
  when: z.enum(['upcoming', 'past']).optional(),
  application: z.coerce.number().pipe(dbId).optional(),
  job: z.coerce.number().pipe(dbId).optional(),
  status: z.enum(interviewStatuses).optional(),
  /** One interviewer's interviews (a member's user id; the scheduler shows the chosen member's day). */
  interviewer: z.coerce.number().pipe(dbId).optional(),
});
/** The list's filters as a client sends them (all optional). */
export type InterviewsQuery = Partial<z.output<typeof interviewsQuery>>;

const named = z.object({ id: z.number().int(), full_name: z.string() });
export const interviewOut = z.object({
  id: z.number().int(),
  application: z.number().int(),
  job: z.object({ id: z.number().int(), title: z.string() }),
  jobseeker: named,
  company: z.object({ id: z.number().int(), name: z.string() }),
  interviewer: named,
  status: z.enum(interviewStatuses),
  /** Null while times are offered and none is picked yet. */
  scheduled_time: z.string().nullable(),
  end_time: z.string().nullable(),
  time_zone: z.string(),
  duration_minutes: z.number().int(),
  mode: z.enum(interviewModes),
  location: z.string().nullable(),
  meeting_link: z.string().nullable(),
  notes: z.string().nullable(),
  offered_times: z.array(z.string()),
  seeker_confirmed_at: z.string().nullable(),
  sequence: z.number().int(),
  /** Whether any feedback was given on it (the employer's agenda shows what is missing). */
  has_feedback: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type InterviewOut = z.infer<typeof interviewOut>;
export const interviewList = paginated(interviewOut);
export type InterviewList = z.infer<typeof interviewList>;

/** The 409 of a clash: the interview that holds the time. */
export const interviewClash = z.object({ id: z.number().int(), scheduled_time: z.string(), end_time: z.string() });
export type InterviewClash = z.infer<typeof interviewClash>;

const ratings = z.partialRecord(z.enum(feedbackCriteria), z.number().int().min(1, 'From 1 to 5.').max(L.ratingMax, 'From 1 to 5.'));
const feedbackContent = {
  stage: z.enum(interviewStages),
  score: z.number().int().min(0, 'From 0 to 10.').max(L.scoreMax, 'From 0 to 10.'),
  ratings: ratings.default({}),
  strengths: text(L.strengthsMax).default(''),
  concerns: text(L.concernsMax).default(''),
  recommendation: z.enum(recommendations).nullable().default(null),
  feedback: text(L.feedbackMax).min(1, 'Write the feedback.'),
};
export const createFeedbackRequest = z.object({ interview: dbId, ...feedbackContent });
export type CreateFeedbackRequest = z.input<typeof createFeedbackRequest>;
/** PATCH /api/interview-feedbacks/{id}/: the author edits the content; the job seeker only `is_approved`. */
export const updateFeedbackRequest = z
  .object({
    stage: feedbackContent.stage.optional(),
    score: feedbackContent.score.optional(),
    ratings: ratings.optional(),
    strengths: text(L.strengthsMax).optional(),
    concerns: text(L.concernsMax).optional(),
    recommendation: z.enum(recommendations).nullable().optional(),
    feedback: text(L.feedbackMax).min(1, 'Write the feedback.').optional(),
    is_approved: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { path: ['body'], message: 'Send at least one change.' });
export type UpdateFeedbackRequest = z.input<typeof updateFeedbackRequest>;
export const feedbacksQuery = paginationQuery.extend({ interview: z.coerce.number().pipe(dbId).optional() });

export const feedbackOut = z.object({
  id: z.number().int(),
  interview: z.number().int(),
  stage: z.enum(interviewStages),
  score: z.number().int(),
  ratings: z.record(z.string(), z.number().int()),
  strengths: z.string(),
  concerns: z.string(),
  recommendation: z.enum(recommendations).nullable(),
  feedback: z.string(),
  is_approved: z.boolean(),
  provided_at: z.string(),
  author: named,
  company: z.object({ id: z.number().int(), name: z.string() }),
});
export type FeedbackOut = z.infer<typeof feedbackOut>;
export const feedbackList = paginated(feedbackOut);
export type FeedbackList = z.infer<typeof feedbackList>;

/** A feedback item the job seeker chose to show, as employers see it on the profile. */
export const shownFeedback = z.object({
  company: z.object({ name: z.string() }),
  stage: z.enum(interviewStages),
  score: z.number().int(),
  feedback: z.string(),
  provided_at: z.string(),
});
export type ShownFeedback = z.infer<typeof shownFeedback>;
