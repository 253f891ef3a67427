import './zod-messages';
export * from './errors';
export * from './limits';
export * from './schemas/common';
export * from './schemas/auth';
export * from './schemas/users';
