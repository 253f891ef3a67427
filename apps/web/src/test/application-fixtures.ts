import type { ApplicantOut, ApplicationOut, JobSummary, ProfileOut } from '@jobportal/shared';

export const jobSummary = {
  id: 5,
  title: 'Robot Whisperer',
  location: 'Lyon, France',
  is_remote: false,
  salary_min: null,
  salary_max: null,
  employment_type: 'Full-time',
  experience_level: 'Mid level',
  posted_at: new Date(Date.now() - 2 * 24 * 3600 * 1000).toISOString(),
  application_deadline: null,
  company: { id: 9, name: 'Acme Robotics', logo: null },
} as unknown as JobSummary;

export const resumeFile = {
  url: '/api/jobseekers/7/resume/',
  name: 'Ada - CV.pdf',
  size: 2048,
  content_type: 'application/pdf',
  uploaded_at: '2026-11-01T10:00:00Z',
};

export const profile: ProfileOut = {
  id: 1,
  user_id: 7,
  email: 'jobseeker@example.com',
  full_name: 'Ada Lovelace',
  phone_number: null,
  date_of_birth: null,
  bio: null,
  linkedin_url: null,
  portfolio_url: null,
  current_job_title: 'Analyst',
  job_preferences: {
    desired_titles: [],
    locations: [],
    is_remote_ok: true,
    employment_types: [],
    experience_level: null,
    salary_min: null,
  },
  profile_photo: null,
  resume: resumeFile,
  educations: [],
  work_experience: [
    {
      id: 3,
      job_title: 'Analyst',
      company_name: 'Engines Ltd',
      company_location: null,
      start_date: '2020-01-01',
      end_date: null,
      description: '',
      technologies_used: ['Math'],
    },
  ],
  skills: [
    { id: 4, skill_name: 'Math', proficiency_level: 'Expert', years_of_experience: 10, skill_type: 'Technical', certification: null },
  ],
  completeness: { percent: 60, missing: ['Add a photo', 'Add your education'] },
  updated_at: '2026-11-01T10:00:00Z',
};

export function application(overrides: Partial<ApplicationOut> = {}): ApplicationOut {
  return {
    id: 11,
    job: jobSummary,
    status: 'applied',
    cover_letter: 'Hello',
    resume: null,
    applied_at: '2026-11-10T10:00:00Z',
    updated_at: '2026-11-10T10:00:00Z',
    history: [{ status: 'applied', changed_at: '2026-11-10T10:00:00Z', changed_by: 'jobseeker' }],
    ...overrides,
  };
}

export function applicant(overrides: Partial<ApplicantOut> = {}): ApplicantOut {
  return {
    id: 21,
    job: 5,
    status: 'applied',
    applied_at: '2026-11-10T10:00:00Z',
    updated_at: '2026-11-10T10:00:00Z',
    cover_letter: 'I like robots.',
    resume: { ...resumeFile, url: '/api/applications/21/resume/' },
    applicant: {
      id: 7,
      full_name: 'Ada Lovelace',
      email: 'ada@example.com',
      current_job_title: 'Analyst',
      photo: null,
      time_zone: 'Europe/Warsaw',
    },
    history: [{ status: 'applied', changed_at: '2026-11-10T10:00:00Z', changed_by: 'jobseeker' }],
    last_moved_by: null,
    allowed_statuses: ['reviewed', 'interview_scheduled', 'interviewed', 'offered', 'hired', 'rejected'],
    match_reasons: [],
    interview: null,
    unread_messages: 0,
    ...overrides,
  };
}
