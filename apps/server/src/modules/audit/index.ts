// The audit module's public face: what other modules may use (eslint.config.js, "The server's layers").
export { recordAudit } from './audit.repository';
