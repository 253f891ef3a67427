export const employmentTypes = ['Full-time', 'Part-time', 'Contract', 'Temporary', 'Internship', 'Freelance'] as const;
export type EmploymentType = (typeof employmentTypes)[number];
export const isEmploymentType = (value: unknown): value is EmploymentType => (employmentTypes as readonly unknown[]).includes(value);

export const experienceLevels = ['Entry level', 'Mid level', 'Senior level', 'Executive'] as const;
export type ExperienceLevel = (typeof experienceLevels)[number];
export const isExperienceLevel = (value: unknown): value is ExperienceLevel => (experienceLevels as readonly unknown[]).includes(value);

export const jobSorts = ['relevance', 'newest', 'salary'] as const;
export type JobSort = (typeof jobSorts)[number];
export const isJobSort = (value: unknown): value is JobSort => (jobSorts as readonly unknown[]).includes(value);
export const jobSortLabels: Record<JobSort, string> = {
  relevance: 'Most relevant',
  newest: 'Newest',
  salary: 'Highest pay',
};

/** Days since posting, as the search filter sends them. */
export const postedWithin = ['1', '7', '30'] as const;
export type PostedWithin = (typeof postedWithin)[number];
export const isPostedWithin = (value: unknown): value is PostedWithin => (postedWithin as readonly unknown[]).includes(value);
export const postedWithinLabels: Record<PostedWithin, string> = {
  '1': 'Past 24 hours',
  '7': 'Past week',
  '30': 'Past month',
};
