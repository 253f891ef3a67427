import type { FeedbackOut, InterviewOut, ShownFeedback } from '@jobportal/shared';
import type { FeedbackRecord } from './feedbacks.repository';
import type { InterviewRecord } from './interviews.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The only shape in which an interview leaves the server, for either side. */
export function presentInterview(r: InterviewRecord): InterviewOut {
  const i = r.interview;
  return {
    id: i.id,
    application: i.applicationId,
    job: { id: i.jobId, title: r.jobTitle },
    jobseeker: { id: r.jobseeker.id, full_name: r.jobseeker.fullName },
    company: { id: i.companyId, name: r.companyName },
    interviewer: { id: r.interviewer.id, full_name: r.interviewer.fullName },
    status: i.status,
    scheduled_time: iso(i.scheduledTime),
    end_time: iso(i.endTime),
    time_zone: i.timeZone,
    duration_minutes: i.durationMinutes,
    mode: i.mode,
    location: i.location,
    meeting_link: i.meetingLink,
    notes: i.notes,
    offered_times: i.offeredTimes.map((t) => t.toISOString()),
    seeker_confirmed_at: iso(i.seekerConfirmedAt),
    sequence: i.sequence,
    has_feedback: r.hasFeedback,
    created_at: i.createdAt.toISOString(),
    updated_at: i.updatedAt.toISOString(),
  };
}

export function presentFeedback(r: FeedbackRecord): FeedbackOut {
  const f = r.feedback;
  return {
    id: f.id,
    interview: f.interviewId,
    stage: f.stage,
    score: f.score,
    ratings: f.ratings,
    strengths: f.strengths,
    concerns: f.concerns,
    recommendation: f.recommendation,
    feedback: f.feedback,
    is_approved: f.isApproved,
    provided_at: f.providedAt.toISOString(),
    author: { id: f.authorId, full_name: r.authorName },
    company: { id: r.companyId, name: r.companyName },
  };
}

/** What other employers see of a shown item: whose, which stage, the score, the words, when. */
export function presentShownFeedback(r: FeedbackRecord): ShownFeedback {
  return {
    company: { name: r.companyName },
    stage: r.feedback.stage,
    score: r.feedback.score,
    feedback: r.feedback.feedback,
    provided_at: r.feedback.providedAt.toISOString(),
  };
}
