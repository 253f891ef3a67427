// The job-alerts module's public face: what the seed and other modules may use (eslint.config.js, "The server's layers").
export { createJobAlertsService, criteriaStrings, type JobAlertsService } from './job-alerts.service';
export { jobAlertsRoutes } from './job-alerts.routes';
