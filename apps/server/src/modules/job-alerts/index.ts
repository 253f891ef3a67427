// The job-alerts module's public face: what the seed and other modules may use (eslint.config.js, "The server's layers").
export { alertColumns, criteriaStrings } from './alert-columns';
export { matchJobs } from './alert-runner';
export { createJobAlertsService, type JobAlertsService } from './job-alerts.service';
export { jobAlertsRoutes } from './job-alerts.routes';
export { readTokenShares } from './percolator.repository';
export { nextDigestAt } from './alert-mail';
export { ensureSearch } from './job-alerts.repository';
export { alertNoticeWords } from './alert-notices';
