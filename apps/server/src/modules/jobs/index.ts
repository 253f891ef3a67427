// The jobs module's public face: what other modules may use (eslint.config.js, "The server's layers").
export { findJobSummaries, jobSummaryColumns } from './job-summaries.repository';
export { presentJobSummary, type JobSummaryRecord } from './jobs.presenter';
export { publicJobCondition, publicSearchRowCondition } from './jobs.repository';
export type { JobsService } from './jobs.service';
export type { JobSearch } from './job-search.service';
