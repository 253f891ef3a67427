import type { FeedbackOut, InterviewOut } from '@jobportal/shared';

export function interview(overrides: Partial<InterviewOut> = {}): InterviewOut {
  return {
    id: 31,
    application: 11,
    job: { id: 5, title: 'Robot Whisperer' },
    jobseeker: { id: 7, full_name: 'Ada Lovelace' },
    company: { id: 3, name: 'Acme Robotics' },
    interviewer: { id: 2, full_name: 'Priya Raman' },
    status: 'scheduled',
    scheduled_time: '2031-06-02T08:00:00.000Z',
    end_time: '2031-06-02T09:00:00.000Z',
    time_zone: 'Europe/Berlin',
    duration_minutes: 60,
    mode: 'video',
    location: null,
    meeting_link: 'https://meet.example.com/abc',
    notes: null,
    offered_times: [],
    seeker_confirmed_at: null,
    sequence: 0,
    has_feedback: false,
    created_at: '2031-05-20T10:00:00.000Z',
    updated_at: '2031-05-20T10:00:00.000Z',
    ...overrides,
  };
}

export function feedback(overrides: Partial<FeedbackOut> = {}): FeedbackOut {
  return {
    id: 41,
    interview: 31,
    stage: 'technical_assessment',
    score: 9,
    ratings: { communication: 4 },
    strengths: 'Clear thinking',
    concerns: '',
    recommendation: 'strong_yes',
    feedback: 'A strong interview.',
    is_approved: false,
    provided_at: '2031-06-02T10:00:00.000Z',
    author: { id: 2, full_name: 'Priya Raman' },
    company: { id: 3, name: 'Acme Robotics' },
    ...overrides,
  };
}

export const page = <T>(results: T[]) => ({ results, count: results.length, next: null, previous: null });
