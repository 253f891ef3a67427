// The applications module's public face: what other modules may use (eslint.config.js, "The server's layers").
export { applicationResumeUrl, countsByStatus, presentApplicant, presentApplication } from './applications.presenter';
export { findApplicationFacts, findHistories, insertHistory, updateStatus, type ApplicationFacts } from './applications.repository';
export { countMyApplicationsByStatus, findRecentApplicants, findRecentApplications } from './application-lists.repository';
export { eventFactsOf, refusedMoveDetail } from './applications.service';
export { cardFactsOf, findApplicantCards } from './applicant-cards.repository';
