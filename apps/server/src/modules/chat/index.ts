// The chat module's public face: what other modules and realtime/ may use (eslint.config.js, "The server's layers").
export type { ChatService } from './chat.service';
export { storeCompanyMessages, type CompanyMessage } from './chat-bulk.repository';
export { presentMessage } from './chat.presenter';
