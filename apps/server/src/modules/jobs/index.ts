// The jobs module's public face: what other modules may use (eslint.config.js, "The server's layers").
export { findJobSummaries, jobSummaryColumns } from './job-summaries.repository';
export { presentJobSummary, type JobSummaryRecord } from './jobs.presenter';
export { publicJobCondition } from './jobs.repository';
// Job alerts match new jobs with the search's own parsing and SQL (docs/decisions/019-job-alerts.md).
export { locationPattern, tsquery as searchTsquery } from './job-search.repository';
export { normalizeSearchText } from './job-search.service';
export { publicSearchRowCondition } from './jobs.repository';
