/** An interview's life: offered (times to pick from), scheduled, rescheduled, cancelled, completed. */
export const interviewStatuses = ['offered', 'scheduled', 'rescheduled', 'cancelled', 'completed'] as const;
export type InterviewStatus = (typeof interviewStatuses)[number];
export const interviewStatusLabels: Record<InterviewStatus, string> = {
  offered: 'Times offered',
  scheduled: 'Scheduled',
  rescheduled: 'Rescheduled',
  cancelled: 'Cancelled',
  completed: 'Completed',
};
/** The statuses an employer may set by PATCH (a new time sets `rescheduled` by itself). */
export const interviewEndings = ['cancelled', 'completed'] as const;

export const interviewModes = ['video', 'phone', 'in_person'] as const;
export type InterviewMode = (typeof interviewModes)[number];
export const interviewModeLabels: Record<InterviewMode, string> = { video: 'Video call', phone: 'Phone', in_person: 'In person' };

export const interviewStages = [
  'application_screening',
  'phone_interview',
  'technical_assessment',
  'first_round_interview',
  'second_round_interview',
  'hr_interview',
  'final_interview',
  'job_offer',
  'hired',
] as const;
export type InterviewStage = (typeof interviewStages)[number];
export const interviewStageLabels: Record<InterviewStage, string> = {
  application_screening: 'Application screening',
  phone_interview: 'Phone interview',
  technical_assessment: 'Technical assessment',
  first_round_interview: 'First round interview',
  second_round_interview: 'Second round interview',
  hr_interview: 'HR interview',
  final_interview: 'Final interview',
  job_offer: 'Job offer',
  hired: 'Hired',
};

export const recommendations = ['strong_no', 'no', 'yes', 'strong_yes'] as const;
export type Recommendation = (typeof recommendations)[number];
export const recommendationLabels: Record<Recommendation, string> = {
  strong_no: 'Strong no',
  no: 'No',
  yes: 'Yes',
  strong_yes: 'Strong yes',
};

/** The scorecard's criteria, each rated 1-5. */
export const feedbackCriteria = ['technical_skills', 'communication', 'problem_solving', 'culture_add'] as const;
export type FeedbackCriterion = (typeof feedbackCriteria)[number];
export const feedbackCriterionLabels: Record<FeedbackCriterion, string> = {
  technical_skills: 'Technical skills',
  communication: 'Communication',
  problem_solving: 'Problem solving',
  culture_add: 'Culture add',
};

export const interviewLimits = {
  durationMin: 15,
  durationMax: 480,
  offeredMin: 2,
  offeredMax: 6,
  locationMax: 300,
  linkMax: 2000,
  notesMax: 2000,
  feedbackMax: 5000,
  strengthsMax: 2000,
  concernsMax: 2000,
  scoreMax: 10,
  ratingMax: 5,
} as const;

/** A time zone name as IANA writes it, known to this runtime (`Europe/Berlin`, `UTC`). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(value) || /^[+-]/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
