// The interviews module's public face: what other modules may use (eslint.config.js, "The server's layers").
export { findShownFeedback } from './feedbacks.repository';
export { presentShownFeedback } from './interviews.presenter';
