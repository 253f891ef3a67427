import type { JobOut, JobSummary, notPublicReasons } from '@jobportal/shared';
import { logoUrl } from '../companies';
import type { JobRecord } from './jobs.repository';
import { openingSnippet, type Snippet } from './snippets';

export type NotPublicReason = (typeof notPublicReasons)[number];

/** The only shape in which a whole job leaves the server; applicants_count and posted_by for its company and admins. */
export function presentJob(
  row: JobRecord,
  options: {
    notPublicReason: NotPublicReason | null;
    applicantsCount?: number;
    withPoster?: boolean;
    responseTime?: { medianHours: number; answered: number } | null;
  },
): JobOut {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    responsibilities: row.responsibilities,
    qualifications: row.qualifications,
    nice_to_have: row.niceToHave,
    location: row.location,
    is_remote: row.isRemote,
    salary_min: row.salaryMin,
    salary_max: row.salaryMax,
    currency: row.currency,
    employment_type: row.employmentType,
    experience_level: row.experienceLevel,
    job_function: row.jobFunction,
    categories: row.categories,
    skills_required: row.skills,
    application_deadline: row.applicationDeadline,
    status: row.status,
    posted_at: row.postedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    company: {
      id: row.company.id,
      name: row.company.name,
      logo: logoUrl(row.company),
      industry: row.company.industry,
      headquarters_location: row.company.headquartersLocation,
      website_url: row.company.websiteUrl,
      company_size: row.company.companySize,
      description: row.company.description,
    },
    is_public: options.notPublicReason === null,
    not_public_reason: options.notPublicReason,
    auto_close: row.autoClose,
    response_time: options.responseTime
      ? { median_hours: options.responseTime.medianHours, answered: options.responseTime.answered }
      : null,
    ...(options.applicantsCount === undefined ? {} : { applicants_count: options.applicantsCount }),
    ...(options.withPoster ? { posted_by: row.postedBy ? { id: row.postedBy.id, full_name: row.postedBy.fullName } : null } : {}),
  };
}

export interface JobSummaryRecord {
  id: number;
  title: string;
  companyId: number;
  companyName: string;
  companyLogo: string | null;
  location: string;
  isRemote: boolean;
  salaryMin: number | null;
  salaryMax: number | null;
  /** ISO 4217, the pay's currency. */
  currency: string;
  employmentType: JobSummary['employment_type'];
  experienceLevel: JobSummary['experience_level'];
  skills: string[];
  postedAt: Date;
  /** A search's matched passage, or the description's opening characters (made a snippet here). */
  snippet: Snippet | string;
}

export function presentJobSummary(row: JobSummaryRecord): JobSummary {
  const snippet = typeof row.snippet === 'string' ? openingSnippet(row.snippet) : row.snippet;
  return {
    id: row.id,
    title: row.title,
    company: { id: row.companyId, name: row.companyName, logo: logoUrl({ id: row.companyId, logo: row.companyLogo }) },
    location: row.location,
    is_remote: row.isRemote,
    salary_min: row.salaryMin,
    salary_max: row.salaryMax,
    currency: row.currency,
    employment_type: row.employmentType,
    experience_level: row.experienceLevel,
    skills: row.skills,
    posted_at: row.postedAt.toISOString(),
    snippet: snippet.text,
    snippet_highlights: snippet.highlights,
  };
}
