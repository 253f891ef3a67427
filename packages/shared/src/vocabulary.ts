/**
 * The contract's words without zod: every value list, its labels, the limits, the upload rules
 * and the error codes. The zod schemas build their enums from these lists (one definition), the
 * server reads them through the main entry, and the web imports them from
 * `@jobportal/shared/vocabulary` so that zod stays out of its first load (docs/decisions/010).
 *
 * Only re-exports, of small modules: each screen's chunk takes the modules it uses. With the lists
 * written in this file, the whole of it joined the sign-in screens' shared chunk (+1 KB gzipped,
 * measured), because those screens import `limits` through it.
 */
export * from './errors';
export * from './limits';
export * from './files';
export * from './vocabulary/accounts';
export * from './vocabulary/companies';
export * from './vocabulary/jobs';
export * from './vocabulary/money';
export * from './vocabulary/job-state';
export * from './vocabulary/profiles';
export * from './vocabulary/applications';
export * from './vocabulary/interviews';
export * from './vocabulary/privacy';
export * from './vocabulary/pipeline';
export * from './vocabulary/job-alerts';
