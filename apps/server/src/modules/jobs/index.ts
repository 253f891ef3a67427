// The jobs module's public face: what other modules may use (eslint.config.js, "The server's layers").
export { findJobSummaries, jobSummaryColumns } from './job-summaries.repository';
export { presentJobSummary, type JobSummaryRecord } from './jobs.presenter';
export { publicJobCondition, publicSearchRowCondition } from './jobs.repository';
export type { JobsService } from './jobs.service';
export type { JobSearch } from './job-search.service';
// Job alerts match new jobs with the search's own parsing and SQL (docs/decisions/024-job-alerts.md).
export { locationPattern, tsquery as searchTsquery } from './job-search.repository';
export { normalizeSearchText } from './job-search.service';
