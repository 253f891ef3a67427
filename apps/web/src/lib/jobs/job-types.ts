import type { JobOut, JobSearchResult, jobSorts, notPublicReasons, postedWithin } from '@jobportal/shared';

export type EmploymentType = JobOut['employment_type'];
export type ExperienceLevel = JobOut['experience_level'];
export type JobStatus = JobOut['status'];
export type JobSort = (typeof jobSorts)[number];
export type PostedWithin = (typeof postedWithin)[number];
export type NotPublicReason = (typeof notPublicReasons)[number];
export type JobFacetName = keyof JobSearchResult['facets'];
