// The jobs module's public face: what other modules may use (eslint.config.js, "The server's layers").
export { findJobSummaries, jobSummaryColumns } from './job-summaries.repository';
export { presentJobSummary, type JobSummaryRecord } from './jobs.presenter';
export { publicJobCondition } from './jobs.repository';
