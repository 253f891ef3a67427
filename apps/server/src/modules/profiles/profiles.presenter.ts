import { jobPreferences, type FileInfo, type JobPreferences, type ProfileOut } from '@jobportal/shared';
import type { UploadedFileRow } from '../../db/schema';
import type { ProfileRecord } from './profiles.repository';

/** Where a job seeker's profile file is served (versioned by the file, so a new file is a new address). */
export const profileFileUrl = (userId: number, kind: 'resume' | 'photo', fileId: number) =>
  `/api/jobseekers/${userId}/${kind}/?v=${fileId}`;

/** The only shape in which a stored file's facts leave the server. */
export function presentFile(url: string, file: UploadedFileRow): FileInfo {
  return { url, name: file.originalName, size: file.sizeBytes, content_type: file.contentType, uploaded_at: file.createdAt.toISOString() };
}

/** Stored preferences with every field, whatever an older row holds. */
export function fullPreferences(stored: Partial<JobPreferences> | null): JobPreferences {
  return jobPreferences.parse(stored ?? {});
}

type CompletenessFacts = Pick<ProfileRecord, 'photoFileId' | 'resumeFileId' | 'phoneNumber' | 'bio' | 'currentJobTitle'> & {
  // Only how many there are counts (the admin's table passes counts).
  educations: { length: number };
  workExperience: { length: number };
  skills: { length: number };
  preferences: JobPreferences;
};

// What a complete profile has, each worth its share of 100, and the sentence that asks for it.
const completenessItems: Array<{ weight: number; missing: string; has: (p: CompletenessFacts) => boolean }> = [
  { weight: 20, missing: 'Upload your resume', has: (p) => p.resumeFileId !== null },
  { weight: 15, missing: 'Add at least 3 skills', has: (p) => p.skills.length >= 3 },
  { weight: 15, missing: 'Add your work experience', has: (p) => p.workExperience.length > 0 },
  { weight: 10, missing: 'Add your education', has: (p) => p.educations.length > 0 },
  { weight: 10, missing: 'Add your current job title', has: (p) => !!p.currentJobTitle },
  { weight: 10, missing: 'Write a short bio', has: (p) => !!p.bio },
  { weight: 10, missing: 'Add a profile photo', has: (p) => p.photoFileId !== null },
  { weight: 5, missing: 'Add a phone number', has: (p) => !!p.phoneNumber },
  {
    weight: 5,
    missing: 'Tell employers the roles and places you want',
    has: (p) => p.preferences.desired_titles.length > 0 || p.preferences.locations.length > 0,
  },
];

/** How complete a profile is (0–100) and, in plain sentences, what would raise it. */
export function profileCompleteness(p: CompletenessFacts): { percent: number; missing: string[] } {
  let percent = 0;
  const missing: string[] = [];
  for (const item of completenessItems) {
    if (item.has(p)) percent += item.weight;
    else missing.push(item.missing);
  }
  return { percent, missing };
}

/** The only shape in which a profile leaves the server. */
export function presentProfile(row: ProfileRecord): ProfileOut {
  const preferences = fullPreferences(row.jobPreferences);
  return {
    id: row.id,
    user_id: row.userId,
    email: row.email,
    full_name: row.fullName,
    phone_number: row.phoneNumber,
    date_of_birth: row.dateOfBirth,
    bio: row.bio,
    linkedin_url: row.linkedinUrl,
    portfolio_url: row.portfolioUrl,
    current_job_title: row.currentJobTitle,
    job_preferences: preferences,
    profile_photo: row.photo ? presentFile(profileFileUrl(row.userId, 'photo', row.photo.id), row.photo) : null,
    resume: row.resume ? presentFile(profileFileUrl(row.userId, 'resume', row.resume.id), row.resume) : null,
    educations: row.educations.map((e) => ({
      id: e.id,
      degree_type: e.degreeType,
      field_of_study: e.fieldOfStudy,
      institution: e.institution,
      location: e.location,
      start_date: e.startDate,
      end_date: e.endDate,
      grade_or_gpa: e.gradeOrGpa,
      description: e.description,
    })),
    work_experience: row.workExperience.map((w) => ({
      id: w.id,
      job_title: w.jobTitle,
      company_name: w.companyName,
      company_location: w.companyLocation,
      start_date: w.startDate,
      end_date: w.endDate,
      description: w.description,
      technologies_used: w.technologiesUsed,
    })),
    skills: row.skills.map((s) => ({
      id: s.id,
      skill_name: s.skillName,
      proficiency_level: s.proficiencyLevel,
      years_of_experience: s.yearsOfExperience,
      skill_type: s.skillType,
      certification: s.certification,
    })),
    completeness: profileCompleteness({ ...row, preferences }),
    updated_at: row.updatedAt.toISOString(),
  };
}
