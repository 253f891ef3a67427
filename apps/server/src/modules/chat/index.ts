// The chat module's public face: what other modules and realtime/ may use (eslint.config.js, "The server's layers").
export type { ChatService } from './chat.service';
