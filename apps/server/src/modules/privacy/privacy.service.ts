import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { retention, type AccountDeleteRequest, type DataExportList, type DataExportOut, type DeletionCodeOut } from '@jobportal/shared';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError, notAuthenticated, notFound } from '../../lib/app-error';
import type { Viewer } from '../../lib/access';
import type { EventBus } from '../../lib/events';
import { inline, type Mailer } from '../../lib/mail';
import { authorize } from '../../policies/policy';
import { recordAudit } from '../audit';
import type { AuthService } from '../auth';
import { deleteCompany } from '../companies';
import type { FilesService } from '../files';
import { insertNotification, insertNotifications } from '../notifications';
import { findMembership, lockActiveAdminIds } from '../users';
import { exportZipStream } from './export-zip';
import { presentExport } from './privacy.presenter';
import * as repo from './privacy.repository';

export interface PrivacyDeps {
  db: Db;
  auth: AuthService;
  files: FilesService;
  events: EventBus;
  mailer: Mailer;
  log: FastifyBaseLogger;
  productName: string;
  publicUrl: string | undefined;
}

/** A build taken this long ago and not finished is taken again (its process died). */
const staleBuildSeconds = 15 * 60;

/**
 * Privacy self-service (docs/decisions/017-privacy.md): a person's copy of their data (made in the
 * background, a zip for 24 hours, for them only) and deleting their own account (confirmed by
 * password or a mailed code; the row stays as a "Former member" without personal data).
 */
export function createPrivacyService(deps: PrivacyDeps) {
  const { db, files, events, log } = deps;
  const appLink = (route: string) => (deps.publicUrl ? `${deps.publicUrl.replace(/\/$/, '')}/#${route}` : undefined);

  /** Makes one claimed export: the zip streamed into storage, then the row ready, a notification and an e-mail. */
  async function build(now: Date): Promise<boolean> {
    const job = await repo.claimExport(db, now, staleBuildSeconds);
    if (!job) return false;
    let stored: { key: string; size: number } | undefined;
    try {
      const zip = await exportZipStream({
        db,
        userId: job.userId,
        fullName: job.fullName,
        productName: deps.productName,
        openStored: files.openStored,
      });
      stored = await files.storeExport(job.userId, zip);
      const readyAt = new Date();
      const ready = await db.transaction(async (tx) => {
        const row = await repo.markExportReady(tx, job.id, {
          storageKey: stored!.key,
          sizeBytes: stored!.size,
          readyAt,
          expiresAt: new Date(readyAt.getTime() + retention.exportHours * 3600_000),
        });
        if (row) {
          await insertNotification(tx, {
            userId: job.userId,
            type: 'data_export_ready',
            message: `Your data is ready to download until ${row.expiresAt!.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
            link: '/account/privacy',
          });
        }
        return row;
      });
      // The account was deleted meanwhile (its exports with it): the zip has no row to stand for.
      if (!ready) {
        await files.removeStored(stored.key);
        return true;
      }
      await events.emit('notifications.created', {});
      const user = await repo.findContact(db, job.userId);
      const link = appLink('/account/privacy');
      if (user) {
        await deps.mailer
          .send({
            to: user.email,
            subject: `Your ${deps.productName} data is ready to download`,
            text:
              `Hello ${inline(user.fullName)},\n\nThe copy of your data you asked for is ready. ` +
              `Download it ${link ? `here: ${link}` : `from "Privacy and data" in your ${deps.productName} account menu`} ` +
              `within ${retention.exportHours} hours; after that it is deleted, and you can ask for a new one.\n\n` +
              'Only you can download it, signed in to your account.\n',
          })
          .catch((error: unknown) => log.warn({ err: error, exportId: job.id }, 'data export e-mail not sent'));
      }
    } catch (error) {
      log.error({ err: error, exportId: job.id }, 'data export failed');
      if (stored) await files.removeStored(stored.key);
      await repo.markExportFailed(db, job.id);
    }
    return true;
  }

  /** Builds running in this process (a request kicks one off at once; the job runner picks up the rest). */
  let building: Promise<void> | undefined;
  function kick(): Promise<void> {
    building ??= (async () => {
      try {
        while (await build(new Date()));
      } catch (error) {
        log.error({ err: error }, 'data exports failed');
      } finally {
        building = undefined;
      }
    })();
    return building;
  }

  /** The company rules of a deletion; answers what the company's removal leaves to clean up. */
  async function leaveCompany(tx: Db, viewer: Viewer, user: UserRow, input: AccountDeleteRequest) {
    const membership = await findMembership(tx, user.id);
    if (!membership || membership.role !== 'owner') return undefined;
    if (membership.others > 0) {
      if (input.new_owner_id === undefined) {
        throw new AppError(
          'conflict',
          `You own ${membership.companyName}, which has ${membership.others} other team ${membership.others === 1 ? 'member' : 'members'}: name one of them the new owner first.`,
          { fields: { new_owner_id: ['Choose who owns the company after you.'] } },
        );
      }
      const handed = await repo.handOverCompany(tx, membership.companyId, user.id, input.new_owner_id);
      if (!handed) {
        throw new AppError('validation_error', 'The new owner must be one of your recruiters.', {
          fields: { new_owner_id: ['Choose one of your recruiters.'] },
        });
      }
      return undefined;
    }
    if (!input.delete_company) {
      throw new AppError(
        'conflict',
        `You own ${membership.companyName}: deleting your account deletes the company too, its jobs closed and its applicants told. Confirm with delete_company.`,
        { fields: { delete_company: ['Confirm that the company goes with your account.'] } },
      );
    }
    const applicants = await repo.findApplicantsOfCompany(tx, membership.companyId);
    await insertNotifications(
      tx,
      applicants.map((a) => ({
        userId: a.jobseeker_id,
        type: 'job_closed',
        message: `${membership.companyName} has left the portal: "${a.job_title}" is closed, and your application with it.`,
        link: '/jobseekerapplications',
      })),
    );
    const resumes = await files.applicationResumesOf(tx, membership.companyId);
    const logo = (await deleteCompany(tx, membership.companyId))?.logo ?? null;
    await recordAudit(tx, {
      by: viewer,
      action: 'company.deleted',
      objectType: 'company',
      objectId: membership.companyId,
      before: { name: membership.companyName, owner_id: user.id },
    });
    return { logo, resumes, told: applicants.length > 0, companyId: membership.companyId };
  }

  return {
    /** Starts an export (202), or answers the one already being made. */
    /** Makes every export waiting (the job runner's step; tests await it). */
    buildDue: kick,

    async requestExport(viewer: Viewer): Promise<DataExportOut> {
      authorize(viewer, 'account.export', undefined);
      const row = await db.transaction(async (tx) => {
        const open = await repo.findOpenExport(tx, viewer.userId);
        if (open) return open;
        const made = await repo.insertExport(tx, viewer.userId);
        await recordAudit(tx, { by: viewer, action: 'user.data_exported', objectType: 'data_export', objectId: made.id });
        return made;
      });
      void kick();
      return presentExport(row);
    },

    async listExports(viewer: Viewer): Promise<DataExportList> {
      authorize(viewer, 'account.export', undefined);
      return { results: (await repo.findExports(db, viewer.userId)).map(presentExport) };
    },

    /** The zip of a ready export, to its owner only; another person's, a missing or an expired one is a 404. */
    async openExport(viewer: Viewer, id: number): Promise<{ stream: Readable; name: string }> {
      const row = await repo.findExport(db, id);
      authorize(viewer, 'account.download_export', row && { ownerId: row.userId });
      if (row!.status !== 'ready' || !row!.storageKey || (row!.expiresAt && row!.expiresAt <= new Date())) {
        throw row!.status === 'pending' || row!.status === 'building'
          ? new AppError('conflict', 'This export is still being made. We will tell you when it is ready.')
          : notFound('That export (it expired: ask for a new one)');
      }
      const stream = await files.openStored(row!.storageKey);
      if (!stream) throw notFound('That export');
      const day = row!.readyAt!.toISOString().slice(0, 10);
      return { stream, name: `${deps.productName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-data-${day}.zip` };
    },

    /** Mails a code to confirm deleting the account (202). */
    async sendDeletionCode(viewer: Viewer): Promise<DeletionCodeOut> {
      authorize(viewer, 'account.delete', undefined);
      const user = await repo.lockLiveUser(db, viewer.userId);
      if (!user) throw notAuthenticated();
      const expiresAt = await deps.auth.sendAccountDeletionCode(user.email);
      return { detail: `We sent a code to ${user.email}.`, expires_at: expiresAt.toISOString() };
    },

    /**
     * Deletes the caller's account after checking the password or code. One transaction: the company
     * rules (an owner with recruiters hands the company to one of them; an owner alone deletes it
     * with the account when asked, its applicants told), the erasure, the audit entry. After it, the
     * stored bytes go and the person's live connections close.
     */
    async deleteAccount(viewer: Viewer, input: AccountDeleteRequest, ip: string): Promise<void> {
      authorize(viewer, 'account.delete', undefined);
      const current = await repo.lockLiveUser(db, viewer.userId);
      if (!current) throw notAuthenticated();
      await deps.auth.confirmOwner(current, input, ip);
      const gone = await db.transaction(async (tx) => {
        const user = await repo.lockLiveUser(tx, viewer.userId);
        if (!user) throw notAuthenticated();
        if (user.role === 'admin') {
          const admins = await lockActiveAdminIds(tx);
          if (admins.filter((id) => id !== user.id).length === 0) {
            throw new AppError('conflict', 'You are the last active administrator: make another one before you delete your account.');
          }
        }
        const company = await leaveCompany(tx, viewer, user, input);
        const keys = [...(await files.storedKeysOfOwner(tx, user.id)), ...(await repo.findExportKeys(tx, user.id))];
        await repo.eraseAccount(tx, user, new Date());
        // No personal data in the entry: the account is named by its id only (the actor's snapshot is the erased row's).
        await recordAudit(tx, {
          by: viewer,
          action: 'user.self_deleted',
          objectType: 'user',
          objectId: user.id,
          after: { role: user.role },
        });
        return {
          keys: company?.logo ? [...keys, company.logo] : keys,
          resumes: company?.resumes ?? [],
          told: Boolean(company?.told),
          companyId: company?.companyId,
        };
      });
      await files.removeAllStored(gone.keys);
      await files.release(gone.resumes);
      await events.emit('user.deleted', { userId: viewer.userId });
      await events.emit('sessions.ended', { userId: viewer.userId });
      if (gone.told) await events.emit('notifications.created', {});
      if (gone.companyId !== undefined) await events.emit('company.changed', { companyId: gone.companyId });
    },
  };
}
export type PrivacyService = ReturnType<typeof createPrivacyService>;
