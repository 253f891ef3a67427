// The teams module's public face: what other modules may use (eslint.config.js, "The server's layers").
export { findMembers } from './teams.repository';
