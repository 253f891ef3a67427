// The matching-jobs module's public face: what other modules may use (eslint.config.js, "The server's layers").
export type { MatchingJobsService } from './matching-jobs.service';
