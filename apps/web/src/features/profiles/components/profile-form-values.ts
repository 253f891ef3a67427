import type { ProfileOut } from '@jobportal/shared';
import type { EducationItem, ExperienceItem, SkillItem } from './profile-sections';

// A type (not an interface), so it fits the Record the server-errors hook reads.
export type ProfileFormValues = {
  full_name: string;
  phone_number: string;
  date_of_birth: string;
  bio: string;
  linkedin_url: string;
  portfolio_url: string;
  current_job_title: string;
  desired_titles: string[];
  locations: string[];
  is_remote_ok: boolean;
  employment_types: string[];
  experience_level: string | null;
  salary_min: number | string;
  educations: EducationItem[];
  work_experience: ExperienceItem[];
  skills: SkillItem[];
};

export const strip = <T extends { id: number }>(items: T[]): Omit<T, 'id'>[] => items.map(({ id: _id, ...rest }) => rest);

export function valuesOf(profile: ProfileOut): ProfileFormValues {
  return {
    full_name: profile.full_name,
    phone_number: profile.phone_number ?? '',
    date_of_birth: profile.date_of_birth ?? '',
    bio: profile.bio ?? '',
    linkedin_url: profile.linkedin_url ?? '',
    portfolio_url: profile.portfolio_url ?? '',
    current_job_title: profile.current_job_title ?? '',
    desired_titles: profile.job_preferences.desired_titles,
    locations: profile.job_preferences.locations,
    is_remote_ok: profile.job_preferences.is_remote_ok,
    employment_types: profile.job_preferences.employment_types,
    experience_level: profile.job_preferences.experience_level,
    salary_min: profile.job_preferences.salary_min ?? '',
    educations: strip(profile.educations),
    work_experience: strip(profile.work_experience),
    skills: strip(profile.skills),
  };
}

export const urlRule = (v: string) =>
  !v.trim() || /^https?:\/\/\S+\.\S+/.test(v.trim()) ? null : 'Enter a full address, like https://example.com.';
