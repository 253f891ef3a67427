// The applications module's public face: what other modules may use (eslint.config.js, "The server's layers").
export { applicationResumeUrl, countsByStatus, presentApplicant, presentApplication } from './applications.presenter';
export {
  countMyApplicationsByStatus,
  findApplicationFacts,
  findHistories,
  findRecentApplicants,
  findRecentApplications,
  insertHistory,
  updateStatus,
  type ApplicationFacts,
} from './applications.repository';
export { eventFactsOf } from './applications.service';
