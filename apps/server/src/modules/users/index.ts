// The users module's public face: what other modules may use (eslint.config.js, "The server's layers").
export { findMembership, findUserById, lockActiveAdminIds, nameOrEmailContains } from './users.repository';
