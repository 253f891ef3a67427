import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  jobAlertsMax,
  proposeAlertName,
  type AlertFrequency,
  type JobAlertManaged,
  type JobAlertMatch,
  type JobAlertOut,
  type PaginationQuery,
  type ParsedAlertCriteria,
  type jobAlertInput,
  type jobAlertManagePatch,
  type jobAlertPatch,
  type jobAlertSubscribe,
} from '@jobportal/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { Viewer } from '../../lib/access';
import { randomToken } from '../../lib/crypto';
import { utcToday } from '../../lib/dates';
import type { EventBus } from '../../lib/events';
import type { Mailer } from '../../lib/mail';
import type { PagedRows } from '../../lib/pagination';
import { enforceLimits, type RateLimiter } from '../../lib/rate-limiter';
import { authorize } from '../../policies/policy';
import { confirmationEmail, nextDigestAt } from './alert-mail';
import { createAlertRunner } from './alert-runner';
import * as emails from './alert-emails.repository';
import * as queue from './alert-queue.repository';
import { presentAlert, presentManagedAlert, presentMatch } from './job-alerts.presenter';
import * as repo from './job-alerts.repository';
import type { AlertRecord, AlertValues } from './job-alerts.repository';
import { readTokenShares } from './percolator.repository';
import { alertColumns } from './alert-columns';
import { noticeMessage } from './alert-notices';

type AlertInput = z.output<typeof jobAlertInput>;
type AlertPatch = z.output<typeof jobAlertPatch>;
type ManagePatch = z.output<typeof jobAlertManagePatch>;
type SubscribeInput = z.output<typeof jobAlertSubscribe>;

/** Days a visitor has to open the confirmation link; unconfirmed alerts go after that. */
export const confirmDays = 7;

type TokenPurpose = 'confirm' | 'manage';

export interface JobAlertsDeps {
  db: Db;
  events: EventBus;
  mailer: Mailer;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  productName: string;
  /** Where links in e-mails point (PUBLIC_URL, or this server's own address). */
  publicUrl: string;
  /** The server key the links' tokens are signed with. */
  tokenSecret: string;
  rateLimitMultiplier: number;
  /** Match as soon as a job becomes public (default); off, only the job runner's passes match (a test's second process). */
  matchOnEvents?: boolean;
}

export function createJobAlertsService(deps: JobAlertsDeps) {
  const { db, events, mailer, limiter, log } = deps;
  const base = deps.publicUrl.replace(/\/+$/, '');
  const scaled = (limit: number) => Math.max(1, Math.round(limit * deps.rateLimitMultiplier));

  // Link tokens: `<id>.<HMAC(purpose, id, salt)>`. Nothing to store; a new salt voids every link.
  const mac = (purpose: TokenPurpose, id: number, salt: string) =>
    createHmac('sha256', deps.tokenSecret).update(`job-alert:${purpose}:${id}:${salt}`).digest('base64url').slice(0, 32);
  const tokenFor = (purpose: TokenPurpose, alert: { id: number; tokenSalt: string }) =>
    `${alert.id}.${mac(purpose, alert.id, alert.tokenSalt)}`;

  /** The alert a link's token is for, or a 404 when it is not (a wrong, old or other purpose's link). */
  async function alertByToken(token: string, purpose: TokenPurpose): Promise<AlertRecord> {
    const [idText, given = ''] = token.split('.');
    const alert = await repo.findAlert(db, Number(idText), utcToday());
    const expected = alert ? mac(purpose, alert.id, alert.tokenSalt) : '';
    const holds = !!alert && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
    authorize(null, 'alert.manage_by_token', { tokenHolds: holds });
    return alert!;
  }

  // The statistics the anchors are chosen by, read again every few minutes.
  let shares: { at: number; read: Promise<(token: string) => number> } | undefined;
  function tokenShares() {
    if (!shares || Date.now() - shares.at > 300_000) {
      const read = readTokenShares(db);
      shares = { at: Date.now(), read };
      read.catch(() => (shares = undefined));
    }
    return shares.read;
  }

  /** The criteria, and the search row the percolator matches by (shared by alerts with the same search). */
  const matchingColumns = async (c: ParsedAlertCriteria) => {
    const { criteria, search } = await alertColumns(db, c, await tokenShares());
    return { criteria, searchId: await repo.ensureSearch(db, search) };
  };
  /** From now on: an alert's matches are its search's from the moment it is confirmed or its search changes. */
  const fromNow = sql`now()`;

  /** When the alert's next e-mail is due once it is as given: 08:00 for daily and weekly; at once alerts wait for matches. */
  function nextEmailAt(a: { byEmail: boolean; paused: boolean; confirmed: boolean; frequency: AlertFrequency; timeZone: string | null }) {
    if (!a.byEmail || a.paused || !a.confirmed || a.frequency === 'instant') return null;
    return nextDigestAt(new Date(), a.frequency, a.timeZone ?? 'UTC');
  }

  async function ownAlert(viewer: Viewer, id: number, action: 'alert.view' | 'alert.edit'): Promise<AlertRecord> {
    const alert = await repo.findAlert(db, id, utcToday());
    authorize(viewer, action, alert && { ownerId: alert.userId });
    return alert!;
  }

  const tooMany = (who: string) =>
    new AppError('conflict', `${who} ${jobAlertsMax} job alerts, the most there can be. Delete one to save another.`);

  /** Applies a change (by the owner, or through a link) and answers the alert as it is now. */
  async function change(alert: AlertRecord, patch: AlertPatch): Promise<AlertRecord> {
    const values: Partial<AlertValues> = {};
    if (patch.name !== undefined) values.name = patch.name;
    if (patch.criteria !== undefined) {
      Object.assign(values, await matchingColumns(patch.criteria));
      // A new search: its matches count from now (a visitor's unconfirmed alert, from when it is confirmed).
      if (alert.matchesSince) values.matchesSince = fromNow;
    }
    if (patch.frequency !== undefined) values.frequency = patch.frequency;
    if (patch.in_app !== undefined) values.inApp = patch.in_app;
    if (patch.email !== undefined) values.byEmail = patch.email;
    if (patch.paused !== undefined) values.paused = patch.paused;
    const inApp = values.inApp ?? alert.inApp;
    const byEmail = values.byEmail ?? alert.byEmail;
    // A visitor's alert is heard of by e-mail only.
    if (alert.userId === null ? !byEmail : !inApp && !byEmail) {
      const fields = { [patch.email === false ? 'email' : 'in_app']: ['Choose how to hear of new jobs: in the app, by e-mail, or both.'] };
      throw new AppError('validation_error', 'Please correct the highlighted fields. An alert needs a way to reach you.', { fields });
    }
    const frequency = values.frequency ?? alert.frequency;
    const paused = values.paused ?? alert.paused;
    // E-mails turned on or resumed: they tell of jobs from now on.
    if ((byEmail && !alert.byEmail) || (alert.paused && !paused)) await emails.skipUnemailed(db, alert.id);
    if (patch.frequency !== undefined || patch.email !== undefined || patch.paused !== undefined) {
      values.nextEmailAt = nextEmailAt({
        byEmail,
        paused,
        confirmed: alert.confirmedAt !== null,
        frequency,
        timeZone: alert.account ? alert.account.timeZone : alert.timeZone,
      });
    }
    if (Object.keys(values).length) await repo.updateAlert(db, alert.id, values);
    return (await repo.findAlert(db, alert.id, utcToday()))!;
  }

  const runner = createAlertRunner({
    db,
    events,
    mailer,
    log,
    productName: deps.productName,
    base,
    manageToken: (a) => tokenFor('manage', a),
  });
  const { processQueue, sendDue, kick } = runner;

  async function heard(target: { jobId: number } | { companyId: number }) {
    const queued = await queue.recordPublication(db, target, utcToday());
    if (queued.length && deps.matchOnEvents !== false) void kick();
  }

  return {
    /** Listens to the jobs' and accounts' events (never the jobs module's internals). */
    listen() {
      events.on('job.changed', ({ jobId }) => heard({ jobId }));
      events.on('company.changed', ({ companyId }) => heard({ companyId }));
      events.on('user.signed_in', async ({ userId }) => {
        await repo.joinVisitorAlerts(db, userId, jobAlertsMax);
      });
      events.on('user.deleted', ({ userId }) => repo.deleteAlertsOf(db, userId));
    },

    async list(viewer: Viewer, q: PaginationQuery): Promise<PagedRows<JobAlertOut, { new_matches: number }>> {
      const { rows, total, newMatches } = await repo.findAlertsOf(db, viewer.userId, q, utcToday());
      return { rows: rows.map(presentAlert), total, new_matches: newMatches };
    },

    async get(viewer: Viewer, id: number): Promise<JobAlertOut> {
      return presentAlert(await ownAlert(viewer, id, 'alert.view'));
    },

    async create(viewer: Viewer, input: AlertInput): Promise<JobAlertOut> {
      authorize(viewer, 'alert.create', undefined);
      if ((await repo.countAlerts(db, { userId: viewer.userId })) >= jobAlertsMax) throw tooMany('You have');
      const columns = await matchingColumns(input.criteria);
      const zone = (await repo.findAccountZone(db, viewer.userId)) ?? null;
      const id = await repo.insertAlert(db, {
        ...columns,
        userId: viewer.userId,
        confirmedAt: new Date(),
        matchesSince: fromNow,
        name: input.name ?? proposeAlertName(columns.criteria),
        criteria: columns.criteria,
        frequency: input.frequency,
        inApp: input.in_app,
        byEmail: input.email,
        tokenSalt: randomToken(12),
        nextEmailAt: nextEmailAt({ byEmail: input.email, paused: false, confirmed: true, frequency: input.frequency, timeZone: zone }),
      });
      return presentAlert((await repo.findAlert(db, id, utcToday()))!);
    },

    async patch(viewer: Viewer, id: number, patch: AlertPatch): Promise<JobAlertOut> {
      return presentAlert(await change(await ownAlert(viewer, id, 'alert.edit'), patch));
    },

    async remove(viewer: Viewer, id: number): Promise<void> {
      await ownAlert(viewer, id, 'alert.edit');
      if (!(await repo.deleteAlert(db, id))) throw notFound('That job alert');
    },

    /** An alert's matches (public jobs), newest first; the first page marks them seen and reads the alert's notice. */
    async matches(viewer: Viewer, id: number, q: PaginationQuery): Promise<PagedRows<JobAlertMatch>> {
      const alert = await ownAlert(viewer, id, 'alert.view');
      const { rows, total } = await repo.findMatches(db, alert, q, utcToday());
      if (q.page === 1) {
        const read = await repo.markSeen(db, alert, alert.newMatches > 0 ? noticeMessage(alert.newMatches, alert.name) : null);
        if (read !== null) await events.emit('notifications.read', { userId: viewer.userId, id: read });
      }
      return { rows: rows.map(presentMatch), total };
    },

    /** A visitor's alert: kept unconfirmed, and a link to confirm it e-mailed (the only e-mail before it is confirmed). */
    async subscribe(input: SubscribeInput, ip: string): Promise<{ detail: string; email: string }> {
      authorize(null, 'alert.subscribe', undefined);
      await enforceLimits(limiter, [
        [`alert-subscribe:ip:${ip}`, { limit: scaled(10), windowSeconds: 3600 }],
        [`alert-subscribe:email:${input.email}`, { limit: scaled(5), windowSeconds: 3600 }],
      ]);
      if ((await repo.countAlerts(db, { email: input.email })) >= jobAlertsMax) throw tooMany('This address has');
      const columns = await matchingColumns(input.criteria);
      const salt = randomToken(12);
      const name = input.name ?? proposeAlertName(columns.criteria);
      const id = await repo.insertAlert(db, {
        ...columns,
        emailAddress: input.email,
        name,
        criteria: columns.criteria,
        frequency: input.frequency,
        inApp: false,
        byEmail: true,
        timeZone: input.time_zone ?? 'UTC',
        tokenSalt: salt,
      });
      const confirmUrl = `${base}/#/alerts/confirm/${tokenFor('confirm', { id, tokenSalt: salt })}`;
      await mailer.send(
        confirmationEmail({ to: input.email, productName: deps.productName, alertName: name, confirmUrl, days: confirmDays }),
      );
      return {
        detail: `Check ${input.email}: open the link we sent to confirm the alert. Nothing else is sent until then.`,
        email: input.email,
      };
    },

    /** The confirmation link: the alert starts; answers it and its manage token (for the page's "change this alert"). */
    async confirm(token: string): Promise<{ alert: JobAlertManaged; token: string }> {
      const alert = await alertByToken(token, 'confirm');
      if (alert.confirmedAt === null) {
        if (alert.createdAt.getTime() < Date.now() - confirmDays * 86_400_000) throw notFound('That job alert');
        await repo.updateAlert(db, alert.id, {
          confirmedAt: new Date(),
          matchesSince: fromNow,
          nextEmailAt: nextEmailAt({ ...alert, confirmed: true, timeZone: alert.timeZone }),
        });
      }
      const now = (await repo.findAlert(db, alert.id, utcToday()))!;
      return { alert: presentManagedAlert(now), token: tokenFor('manage', now) };
    },

    async manageGet(token: string): Promise<JobAlertManaged> {
      return presentManagedAlert(await alertByToken(token, 'manage'));
    },

    async managePatch(token: string, patch: ManagePatch): Promise<JobAlertManaged> {
      const alert = await alertByToken(token, 'manage');
      return presentManagedAlert(await change(alert, patch));
    },

    async manageDelete(token: string): Promise<void> {
      const alert = await alertByToken(token, 'manage');
      await repo.deleteAlert(db, alert.id);
    },

    /**
     * One-click unsubscribe (RFC 8058): the alert's e-mails stop. A visitor's alert, which has no
     * other way to reach anyone, goes; a job seeker's keeps telling them in the app.
     */
    async unsubscribe(token: string): Promise<{ detail: string; removed: boolean }> {
      const alert = await alertByToken(token, 'manage');
      if (alert.userId === null || !alert.inApp) {
        await repo.deleteAlert(db, alert.id);
        return { detail: `You will get no more e-mails for '${alert.name}'. The alert is deleted.`, removed: true };
      }
      await repo.updateAlert(db, alert.id, { byEmail: false, nextEmailAt: null });
      return { detail: `You will get no more e-mails for '${alert.name}'. It still tells you of new jobs in the app.`, removed: false };
    },

    /** The job runner's pass: match what is queued, send what is due, forget unconfirmed alerts past their link. */
    async runDue(now = new Date()): Promise<void> {
      await processQueue();
      await sendDue(now);
      await repo.deleteUnconfirmed(db, confirmDays, now);
    },
    processQueue,
    sendDue,
    /** Waits for this process's pass in progress (started by an event), if any. */
    idle: runner.idle,
    /** Stops this process's matching after the batch in progress (the server closes). */
    close: runner.close,
    /** The manage token of an alert (tests and the seed's demo). */
    manageToken: (alert: { id: number; tokenSalt: string }) => tokenFor('manage', alert),
    confirmToken: (alert: { id: number; tokenSalt: string }) => tokenFor('confirm', alert),
  };
}
export type JobAlertsService = ReturnType<typeof createJobAlertsService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Job alerts (tests run `runDue`, `processQueue`, `sendDue`, and wait with `idle`). */
    jobAlerts: JobAlertsService;
  }
}
