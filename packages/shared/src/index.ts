export * from './errors';
export * from './limits';
export * from './schemas/common';
export * from './schemas/auth';
export * from './schemas/users';
export * from './schemas/taxonomy';
export * from './schemas/companies';
export * from './schemas/jobs';
