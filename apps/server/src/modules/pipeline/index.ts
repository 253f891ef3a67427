// The pipeline module's public face: what other modules, the seed and app.ts may use (eslint.config.js, "The server's layers").
export { createNoGhosting, closingMessage, type NoGhosting } from './no-ghosting';
