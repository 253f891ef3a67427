// The auth module's public face: what other modules may use (eslint.config.js, "The server's layers").
export { findUserByEmail, insertUser, revokeUserSessions, updateUser } from './auth.repository';
export type { AuthService, ClientInfo } from './auth.service';
