/** How often a job alert tells its owner of new jobs (issue #49). */
export const alertFrequencies = ['instant', 'daily', 'weekly'] as const;
export type AlertFrequency = (typeof alertFrequencies)[number];
export const isAlertFrequency = (value: unknown): value is AlertFrequency => (alertFrequencies as readonly unknown[]).includes(value);
export const alertFrequencyLabels: Record<AlertFrequency, string> = {
  instant: 'At once',
  daily: 'Daily',
  weekly: 'Weekly',
};

/** The job search's query parameters an alert keeps (paging is not part of a saved search). */
export const alertCriteriaKeys = [
  'search',
  'location',
  'is_remote',
  'employment_type',
  'experience_level',
  'category',
  'skills',
  'salary_min',
  'salary_max',
  'currency',
  'posted_within',
  'company',
  'sort',
] as const;
export type AlertCriteriaKey = (typeof alertCriteriaKeys)[number];
/** An alert's criteria as GET /api/jobs/ takes them: each a query parameter's value (lists comma-separated). */
export type AlertCriteria = Partial<Record<AlertCriteriaKey, string>>;

/** How many alerts a job seeker (or a visitor's e-mail address) keeps at most. */
export const jobAlertsMax = 20;
/** An alert's name: at most this many characters. */
export const jobAlertNameMax = 80;

/**
 * The name an alert is offered from its search: its words and place ("python berlin"), else its
 * filters in words ("Remote, Full-time jobs"), else "All new jobs".
 */
export function proposeAlertName(criteria: AlertCriteria): string {
  const words = [criteria.search, criteria.location].map((v) => v?.replace(/\s+/g, ' ').trim()).filter(Boolean);
  if (words.length) return words.join(' ').slice(0, jobAlertNameMax);
  const filters = [
    criteria.is_remote === 'true' ? 'Remote' : criteria.is_remote === 'false' ? 'On-site' : undefined,
    criteria.employment_type?.split(',').join(' or '),
    criteria.experience_level?.split(',').join(' or '),
  ].filter(Boolean);
  return filters.length ? `${filters.join(', ')} jobs`.slice(0, jobAlertNameMax) : 'All new jobs';
}

/** The job search's address (`#/?…`) for an alert's criteria, in the order the keys are listed. */
export function alertSearchQuery(criteria: AlertCriteria): string {
  const pairs: string[] = [];
  for (const key of alertCriteriaKeys) {
    const value = criteria[key];
    if (value !== undefined && value !== '') pairs.push(`${key}=${encodeURIComponent(value)}`);
  }
  return pairs.join('&');
}
