// The saved-jobs module's public face: what other modules may use (eslint.config.js, "The server's layers").
export { presentSavedJob } from './saved-jobs.presenter';
export { findSavedJobs } from './saved-jobs.repository';
