import type { Writable } from 'node:stream';
import { answerErrors } from './lib/error-handler';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import '@jobportal/shared/zod-messages';
import { findNotText, notTextMessage, publicConfig } from '@jobportal/shared';
import type { Config } from './config';
import type { Database } from './db/client';
import { accessPlugin } from './lib/access';
import { validationError } from './lib/app-error';
import { securityHeaders } from './lib/security-headers';
import { loggerOptions, noticeWriter } from './lib/logging';
import { createLogMailer, createSmtpMailer, type Mailer } from './lib/mail';
import { Redis } from 'ioredis';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './lib/rate-limiter';
import { createLocalStorage, type Storage } from './lib/storage';
import { openPublicReads } from './lib/public-reads';
import { serveWebBuild } from './lib/web-build';
import { healthRoutes } from './lib/health';
import { ensureServerKey } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { accountRoutes } from './modules/account/account.routes';
import { createAccountService } from './modules/account/account.service';
import { createAuthService } from './modules/auth/auth.service';
import { createGoogleVerifier } from './modules/auth/google';
import { createTokenSigner } from './modules/auth/tokens';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import { adminRoutes } from './modules/admin/admin.routes';
import { createAdminService } from './modules/admin/admin.service';
import { teamsRoutes } from './modules/teams/teams.routes';
import { createTeamsService } from './modules/teams/teams.service';
import { companiesRoutes } from './modules/companies/companies.routes';
import { createCompaniesService } from './modules/companies/companies.service';
import { createJobSearchService, type JobSearch } from './modules/jobs/job-search.service';
import { searchCacheOf } from './modules/jobs/search-cache';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { createJobsService } from './modules/jobs/jobs.service';
import { createFilesService } from './modules/files/files.service';
import { taxonomyRoutes } from './modules/taxonomy/taxonomy.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { createAuditService } from './modules/audit/audit.service';
import { applicationsRoutes } from './modules/applications/applications.routes';
import { createApplicationsService } from './modules/applications/applications.service';
import { dashboardsRoutes } from './modules/dashboards/dashboards.routes';
import { createDashboardsService } from './modules/dashboards/dashboards.service';
import { matchingJobsRoutes } from './modules/matching-jobs/matching-jobs.routes';
import { createMatchingJobsService } from './modules/matching-jobs/matching-jobs.service';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { profilesRoutes } from './modules/profiles/profiles.routes';
import { createProfilesService } from './modules/profiles/profiles.service';
import { savedJobsRoutes } from './modules/saved-jobs/saved-jobs.routes';
import { createSavedJobsService } from './modules/saved-jobs/saved-jobs.service';
import { createEventBus } from './lib/events';
import { chatRoutes } from './modules/chat/chat.routes';
import { createChatService } from './modules/chat/chat.service';
import { createUnreadReminders, type UnreadReminders } from './modules/chat/chat-reminders';
import { createRealtime, type Realtime } from './realtime/realtime';
import { createJobRunner, type Job } from './lib/job-runner';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { createPrivacyService, type PrivacyService } from './modules/privacy/privacy.service';
import { createRetention, type Retention } from './modules/privacy/retention';
import { pipelineRoutes } from './modules/pipeline/pipeline.routes';
import { createPipelineServices } from './modules/pipeline/pipeline.service';
import { createNoGhosting, type NoGhosting } from './modules/pipeline/no-ghosting';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live-event server (tests reach it to check sockets again or push notifications now). */
    realtime: Realtime;
    /** The unread-message e-mails (tests run a pass with `runOnce`). */
    unreadReminders: UnreadReminders;
    /** Job search (the benchmark and the tests read its cache's counts). */
    jobSearch: JobSearch;
    /** Data exports and account deletion (tests and the benchmark await `buildDue`). */
    privacy: PrivacyService;
    /** The retention rules (tests run `runDaily` with the moment they need). */
    retention: Retention;
    /** Closes applications left unanswered for 30 days (tests run `runDue` with the moment they need). */
    noGhosting: NoGhosting;
  }
}
import { createInviteMailer } from './modules/interviews/interview-invites';
import { interviewsRoutes } from './modules/interviews/interviews.routes';
import { createInterviewsService } from './modules/interviews/interviews.service';
import { createFeedbacksService } from './modules/interviews/feedbacks.service';
import { createReminderRunner } from './modules/interviews/reminders';
import { randomToken } from './lib/crypto';
import { loadAppShell } from './modules/pages/app-shell';
import { pagesRoutes } from './modules/pages/pages.routes';
import { createPagesService } from './modules/pages/pages.service';
import { alertNoticeWords, createJobAlertsService, jobAlertsRoutes } from './modules/job-alerts';

export interface AppDeps {
  config: Config;
  database: Database;
  mailer?: Mailer;
  limiter?: RateLimiter;
  /** Uploaded files; by default the folder DATA_DIR/uploads. */
  storage?: Storage;
  /** Where the log goes; by default standard output (tests read it from a stream). */
  logOutput?: Writable;
}

/** Builds the whole HTTP app without listening, so tests and main share it. */
/** Trusts the nearest `hops` proxies in front of the server (TRUST_PROXY=1: one load balancer). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const db = database.db;
  const app = Fastify({
    ...loggerOptions(config, deps.logOutput),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A path the router cannot read (a stray %, bytes that are not UTF-8) or a parameter longer than
    // maxParamLength: bad input, answered in the API's error shape like any other.
    frameworkErrors: (_error, request, reply) => {
      const body = JSON.stringify({
        detail: `This address is not valid: ${request.method} ${request.url.split('?')[0]}`,
        code: 'bad_request',
      });
      reply.raw
        .writeHead(400, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          'x-request-id': request.id,
        })
        .end(body);
    },
    bodyLimit: 1024 * 1024,
    // Forwarded headers name the client only when they come from a proxy the operator listed.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON (and multipart for uploads); any other body is a 415, not a string body.
  // An EMPTY body is no body, whatever its content type: ordinary clients send action calls
  // (toggle_approval, mark_as_read, withdraw) without a body but with their library's default type
  // (axios: application/x-www-form-urlencoded; others: application/json), and those must work.
  app.removeContentTypeParser(['text/plain', 'application/json']);
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') return done(null, undefined);
    parseJson(request as Parameters<typeof parseJson>[0], text, done);
  });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body: Buffer, done) => {
    if (body.length === 0) return done(null, undefined);
    done(Object.assign(new Error('Send JSON (or multipart/form-data for uploads).'), { statusCode: 415 }));
  });
  app.decorate('pageLinkBase', config.publicUrl ? config.publicUrl.replace(/\/+$/, '') : '');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Text that is not text (NUL, a lone surrogate) is bad input in every field of every request: the
  // contract's rule, applied once here before any schema, so it can never reach SQL as a 500.
  app.addHook('preValidation', async (request, reply) => {
    const field = findNotText(request.query) ?? findNotText(request.params) ?? findNotText(request.body);
    if (field !== undefined) return reply.code(400).send(validationError({ [field || 'body']: [notTextMessage] }).toBody());
  });

  answerErrors(app);

  const security = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://accounts.google.com/gsi/client'],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
        frameSrc: ['https://accounts.google.com/gsi/'],
        // 'self' covers the same-origin websocket of /socket.io/ in CSP level 3 browsers.
        connectSrc: ["'self'", 'https://accounts.google.com/gsi/'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: config.env === 'production',
  });
  // On every response, as helmet's middleware sets them (a route may still set its own, e.g. files' CSP).
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of security) reply.raw.setHeader(name, value);
    done();
  });

  // Uploads are streamed by the routes that take them; each route sets its own size limit.
  await app.register(multipart, { limits: { files: 1, fields: 10, parts: 12, fieldSize: 1000, fileSize: 10 * 1024 * 1024 } });

  await app.register(swagger, {
    openapi: {
      info: { title: `${config.productName} API`, version: '0.1.0', description: 'Job portal and interview platform.' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets a few style attributes from its script; allow inline styles on these pages only.
    transformStaticCSP: (header) => header.replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline' https:"),
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());

  const secret = config.jwtSecret ?? (await ensureServerKey(db, 'jwt_secret', () => randomToken(48)));
  const codeSecret = await ensureServerKey(db, 'code_secret', () => randomToken(48));
  const reads = await openPublicReads(app, config, database, await ensureServerKey(db, 'recent_write_secret', () => randomToken(48)));
  const mailer =
    deps.mailer ??
    (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createLogMailer(app.log, noticeWriter(config, deps.logOutput)));
  // With several API processes, the limits must be shared or each process would allow its own quota.
  // With several API processes, the search cache is shared too.
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }) : undefined;
  const limiter = deps.limiter ?? (redis ? createRedisRateLimiter(redis, config.redisPrefix) : createMemoryRateLimiter());
  const events = createEventBus(app.log);
  const auth = createAuthService({
    db,
    mailer,
    limiter,
    signer: createTokenSigner(secret),
    codeSecret,
    verifyGoogleToken: createGoogleVerifier(config.google),
    rateLimitMultiplier: config.rateLimitMultiplier,
    productName: config.productName,
    log: app.log,
    events,
  });
  const publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  const inviteContext = {
    productName: config.productName,
    publicUrl,
    uidDomain: new URL(publicUrl).hostname || 'localhost',
    organizerEmail: config.mailFrom.replace(/^.*<([^>]+)>.*$/, '$1'),
  };
  const invites = createInviteMailer({ mailer, log: app.log, ctx: inviteContext });
  const reminders = createReminderRunner({ db, invites });
  app.decorate('reminders', reminders);
  // Filled in below, once the modules whose background work it runs exist.
  const backgroundJobs: Job[] = [{ name: 'interview reminders', run: (now) => reminders.runDue(now) }];
  const jobRunner = createJobRunner({ jobs: backgroundJobs, log: app.log });
  app.addHook('onClose', async () => {
    await auth.drain();
    // Job alerts first: the runner's pass then stops after its batch too.
    const alertsClosed = jobAlerts.close();
    await jobRunner.stop();
    await alertsClosed;
    await privacy.buildDue();
    await invites.flush();
    if (!deps.mailer) mailer.close();
    if (!deps.limiter) limiter.close();
    await redis?.quit();
  });

  await app.register(accessPlugin, { authenticate: auth.authenticate });

  healthRoutes(app, { database, reads });
  app.get('/api/config/', { schema: { tags: ['config'], summary: 'Settings the web app needs', response: { 200: publicConfig } } }, () => ({
    googleClientId: config.google.clientId ?? null,
    productName: config.productName,
    searchDelaySeconds: config.searchCache.ttlSeconds > 0 ? config.searchCache.ttlSeconds + config.searchCache.graceSeconds : 0,
  }));

  authRoutes(app, { auth });
  accountRoutes(app, { account: createAccountService({ db }) });
  taxonomyRoutes(app, { db, reads });
  const storage = deps.storage ?? createLocalStorage(path.join(config.dataDir, 'uploads'));
  // The one user of the storage: every module stores, reads and releases files through it.
  const files = createFilesService({ db, storage, log: app.log });
  // Listeners outside the modules (the realtime layer, tests) subscribe here.
  app.decorate('events', events);
  const companies = createCompaniesService({
    db,
    reads: reads.db,
    mailer,
    files,
    productName: config.productName,
    publicUrl: config.publicUrl,
    log: app.log,
    events,
  });
  companiesRoutes(app, { companies, reads });
  usersRoutes(app, {
    users: createUsersService({ db, auth, files, events, productName: config.productName, publicUrl: config.publicUrl, log: app.log }),
  });
  adminRoutes(app, { admin: createAdminService({ db, companies, events }) });
  teamsRoutes(app, {
    teams: createTeamsService({ db, auth, mailer, productName: config.productName, publicUrl: config.publicUrl, log: app.log, events }),
  });
  const searchCache = searchCacheOf(config.searchCache, redis && { client: redis, prefix: config.redisPrefix });
  const jobSearch: JobSearch = createJobSearchService({ db: reads.db, cache: searchCache });
  const jobs = createJobsService({ db, reads: reads.db, files, events });
  jobsRoutes(app, { jobs, jobSearch, reads });
  // A job changed or deleted, a company unapproved, renamed or deleted: no kept answer shows the old
  // one. With replicas, again once they all have the change (an answer computed on one meanwhile).
  const forget = (what: Parameters<JobSearch['forget']>[0]) => {
    if (reads.replicas().length > 0) setTimeout(() => jobSearch.forget(what).catch(() => undefined), reads.settleMs).unref();
    return jobSearch.forget(what);
  };
  events.on('job.changed', ({ jobId }) => forget({ jobIds: [jobId] }));
  events.on('company.changed', ({ companyId }) => forget({ companyIds: [companyId] }));
  app.decorate('jobSearch', jobSearch);
  const profiles = createProfilesService({ db, files });
  const matchingJobs = createMatchingJobsService({ db });
  profilesRoutes(app, { profiles });
  matchingJobsRoutes(app, { matchingJobs });
  dashboardsRoutes(app, { dashboards: createDashboardsService({ db, profiles, matchingJobs }) });
  applicationsRoutes(app, { applications: createApplicationsService({ db, files, events, log: app.log }) });
  savedJobsRoutes(app, { savedJobs: createSavedJobsService({ db }) });
  const notifications = createNotificationsService({ db, events, words: { job_alert_matches: alertNoticeWords(db) } });
  notifications.listen();
  notificationsRoutes(app, { notifications });
  // Job alerts (decision 024): matched from the jobs' events; the job runner works their queue and e-mails too.
  const tokenSecret = await ensureServerKey(db, 'alert_token_secret', () => randomToken(48));
  const jobAlerts = createJobAlertsService({ ...config, db, events, mailer, limiter, log: app.log, publicUrl, tokenSecret });
  jobAlerts.listen();
  jobAlertsRoutes(app, { jobAlerts });
  app.decorate('jobAlerts', jobAlerts);
  backgroundJobs.push({ name: 'job alerts', run: (now) => jobAlerts.runDue(now) });
  const chat = createChatService({ db, events, rateLimitMultiplier: config.rateLimitMultiplier });
  chatRoutes(app, { chat });
  // Live events on the same port (path /socket.io/); stopped before the server closes.
  const realtime = createRealtime({
    server: app.server,
    db,
    events,
    auth,
    chat,
    presentNotices: notifications.present,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    log: app.log,
  });
  app.decorate('realtime', realtime);
  const unreadReminders = createUnreadReminders({ db, mailer, log: app.log, productName: config.productName, publicUrl: config.publicUrl });
  // Tests run a pass themselves (no timer), so a test file never races it.
  if (config.env !== 'test') unreadReminders.start();
  app.decorate('unreadReminders', unreadReminders);
  app.addHook('preClose', async () => {
    unreadReminders.stop();
    await realtime.close();
  });
  auditRoutes(app, { audit: createAuditService({ db }) });
  interviewsRoutes(app, {
    interviews: createInterviewsService({ db, events, invites, inviteContext }),
    feedbacks: createFeedbacksService({ db, events }),
  });

  pipelineRoutes(app, createPipelineServices({ db, events, mailer, log: app.log }));
  const noGhosting = createNoGhosting({ db, events });
  app.decorate('noGhosting', noGhosting);

  const privacy = createPrivacyService({
    db,
    auth,
    files,
    events,
    mailer,
    log: app.log,
    productName: config.productName,
    publicUrl: config.publicUrl,
  });
  privacyRoutes(app, { privacy });
  const retention = createRetention({ db, files, log: app.log });
  app.decorate('privacy', privacy);
  app.decorate('retention', retention);
  backgroundJobs.push(
    { name: 'data exports', run: () => privacy.buildDue() },
    { name: 'expired exports', run: (now) => retention.expireExports(now) },
    { name: 'retention', run: (now) => retention.runDaily(now) },
    { name: 'no ghosting', run: (now) => noGhosting.runDue(now) },
  );
  jobRunner.start(config.reminderIntervalSeconds);

  // Job and company pages, the sitemap and the feed: read without the app, at real paths.
  const shell = loadAppShell(config.webDist);
  const pages = createPagesService({ db, jobs, companies, jobSearch, shell, origin: publicUrl, productName: config.productName });
  pagesRoutes(app, { pages, reads });

  await serveWebBuild(app, config.webDist);

  return app;
}
