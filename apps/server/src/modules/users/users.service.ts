import type { FastifyBaseLogger } from 'fastify';
import {
  limits,
  type EmployerPersonOut,
  type JobseekerPersonOut,
  type PersonCreate,
  type PersonKind,
  type PersonListQuery,
  type PersonOut,
  type PersonUpdate,
  type Role,
  type UserListQuery,
  type UserOut,
} from '@jobportal/shared';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { Viewer } from '../../lib/access';
import { isUniqueViolation } from '../../lib/db-errors';
import type { EventBus } from '../../lib/events';
import { inline } from '../../lib/mail';
import { authorize } from '../../policies/policy';
import { recordAudit } from '../audit';
import { type AuthService, revokeUserSessions } from '../auth';
import { deleteCompany } from '../companies';
import type { FilesService } from '../files';
import { presentEmployerPerson, presentJobseekerPerson, presentUser } from './users.presenter';
import * as repo from './users.repository';

export interface UsersDeps {
  db: Db;
  auth: AuthService;
  files: FilesService;
  events: EventBus;
  productName: string;
  publicUrl: string | undefined;
  log: FastifyBaseLogger;
}

/** The people tables that have calls of their own for one person (recruiters are employers). */
export type PersonTable = 'jobseekers' | 'employers';
type PersonOf<T extends PersonTable> = T extends 'jobseekers' ? JobseekerPersonOut : EmployerPersonOut;
const roleOf = { jobseekers: 'jobseeker', employers: 'employer' } as const satisfies Record<PersonTable, Role>;
const notFoundIn = (table: PersonTable | null) =>
  notFound(table === 'jobseekers' ? 'That job seeker' : table === 'employers' ? 'That employer' : 'That account');

const emailTaken = () =>
  new AppError('email_taken', 'Another account already uses this e-mail.', {
    fields: { email: ['Another account already uses this e-mail.'] },
  });

/** The values an audit entry keeps of a person: who they were, never secrets. */
const identity = (u: UserRow) => ({ email: u.email, full_name: u.fullName, role: u.role });

/**
 * The admin's people management: the tables of job seekers, employers and recruiters, making and
 * editing accounts, deactivating (which ends every session at once) and deleting them with what
 * hangs on them. Who may do it is the policy's (user.*); who may not be deactivated or deleted
 * (oneself, the last active admin, an owner with a team) is a 409 here. Every change is audited.
 */
export function createUsersService(deps: UsersDeps) {
  const { db, files, events } = deps;

  async function person<T extends PersonTable>(table: T, id: number): Promise<PersonOf<T>> {
    const found = await repo.findPerson(db, table, id);
    if (!found) throw notFoundIn(table);
    return (found.kind === 'jobseekers' ? presentJobseekerPerson(found.row) : presentEmployerPerson(found.row)) as PersonOf<T>;
  }

  /** Loads and locks the account in the transaction; 404 when missing or not of the table's role. */
  async function lockedAccount(tx: Db, table: PersonTable | null, id: number): Promise<UserRow> {
    const user = await repo.lockUser(tx, id);
    if (!user || (table && user.role !== roleOf[table])) throw notFoundIn(table);
    return user;
  }

  /** Oneself and the last active admin are never deactivated or deleted: someone must be left to run the site. */
  async function assertMayRemove(tx: Db, viewer: Viewer, user: UserRow, doing: 'deactivate' | 'delete'): Promise<void> {
    if (user.id === viewer.userId) {
      throw new AppError('conflict', `You cannot ${doing} your own account. Ask another administrator.`);
    }
    if (user.role === 'admin' && user.isActive) {
      const admins = await repo.lockActiveAdminIds(tx);
      if (admins.filter((id) => id !== user.id).length === 0) {
        throw new AppError('conflict', `This is the last active administrator; you cannot ${doing} it.`);
      }
    }
  }

  const setupLink = (email: string) =>
    deps.publicUrl ? `${deps.publicUrl.replace(/\/$/, '')}/#/forgot-password?email=${encodeURIComponent(email)}&code=1` : undefined;

  /**
   * Makes an account without a password and mails its owner a code to set one (the reset
   * screen). A mail that fails is logged: the account stands, and "Forgot password" sends another.
   */
  async function createAccount(viewer: Viewer, role: Role, input: PersonCreate): Promise<UserRow> {
    authorize(viewer, 'user.create', undefined);
    const user = await db.transaction(async (tx) => {
      const made = await repo.insertAccount(tx, { email: input.email, fullName: input.full_name, role });
      if (!made) throw emailTaken();
      await recordAudit(tx, { by: viewer, action: 'user.created', objectType: 'user', objectId: made.id, after: identity(made) });
      return made;
    });
    await events.emit('user.created', { userId: user.id, role: user.role });
    const link = setupLink(user.email);
    await deps.auth
      .sendAccountSetupCode(user.email, (code) => ({
        subject: `Your ${deps.productName} account: set your password`,
        text:
          `Hello ${inline(user.fullName)},\n\nAn administrator made you a ${deps.productName} account (${user.email}).\n\n` +
          `Your code:\n\n    ${code}\n\n` +
          `Choose your password with it on the "Forgot password" page${link ? `: ${link}` : ''}. ` +
          `The code works once and expires in ${limits.otpTtlMinutes} minutes; that page sends a new one when it runs out.\n`,
      }))
      .catch((error: unknown) => deps.log.warn({ err: error, userId: user.id }, 'account set-up code not sent'));
    return user;
  }

  return {
    async listUsers(viewer: Viewer, q: UserListQuery): Promise<{ rows: UserOut[]; total: number }> {
      authorize(viewer, 'user.view', undefined);
      const { rows, total } = await repo.findUsers(db, q);
      return { rows: rows.map(presentUser), total };
    },

    async getUser(viewer: Viewer, id: number): Promise<UserOut> {
      authorize(viewer, 'user.view', undefined);
      const row = await repo.findUserById(db, id);
      if (!row) throw notFoundIn(null);
      return presentUser(row);
    },

    async listPeople(viewer: Viewer, kind: PersonKind, q: PersonListQuery): Promise<{ rows: PersonOut[]; total: number }> {
      authorize(viewer, 'user.view', undefined);
      const found = await repo.findPeople(db, kind, q);
      const rows = found.kind === 'jobseekers' ? found.rows.map(presentJobseekerPerson) : found.rows.map(presentEmployerPerson);
      return { rows, total: found.total };
    },

    async getPerson<T extends PersonTable>(viewer: Viewer, table: T, id: number): Promise<PersonOf<T>> {
      authorize(viewer, 'user.view', undefined);
      return person(table, id);
    },

    createUser: async (viewer: Viewer, role: Role, input: PersonCreate) => presentUser(await createAccount(viewer, role, input)),
    createPerson: async (viewer: Viewer, table: PersonTable, input: PersonCreate) =>
      person(table, (await createAccount(viewer, roleOf[table], input)).id),

    /** Changes name and e-mail (an e-mail another account uses: 409). */
    async update(viewer: Viewer, table: PersonTable | null, id: number, input: PersonUpdate): Promise<void> {
      authorize(viewer, 'user.edit', undefined);
      try {
        await db.transaction(async (tx) => {
          const user = await lockedAccount(tx, table, id);
          if (input.email !== user.email && (await repo.isEmailTaken(tx, input.email, id))) throw emailTaken();
          const before: Record<string, string> = {};
          const after: Record<string, string> = {};
          if (input.email !== user.email) [before.email, after.email] = [user.email, input.email];
          if (input.full_name !== user.fullName) [before.full_name, after.full_name] = [user.fullName, input.full_name];
          if (!Object.keys(after).length) return;
          await repo.updateAccount(tx, id, { email: input.email, fullName: input.full_name });
          await recordAudit(tx, { by: viewer, action: 'user.updated', objectType: 'user', objectId: id, before, after });
        });
      } catch (error) {
        // Two admins giving two accounts the same address at once: the unique index decides.
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    },

    /**
     * Deactivates an active account (with the reason given) or activates an inactive one.
     * Deactivating revokes every session in the same transaction, so the person's next request with
     * an old access token is refused and no refresh works; `user.deactivated` then lets the live
     * layer close their connections.
     */
    async toggleActive(viewer: Viewer, table: PersonTable, id: number, reason: string | undefined): Promise<PersonOut> {
      authorize(viewer, 'user.toggle_active', undefined);
      const deactivated = await db.transaction(async (tx) => {
        const user = await lockedAccount(tx, table, id);
        if (user.isActive) {
          await assertMayRemove(tx, viewer, user, 'deactivate');
          const why = reason || null;
          await repo.updateAccount(tx, id, { isActive: false, deactivationReason: why });
          await revokeUserSessions(tx, id, 'deactivated');
          await recordAudit(tx, {
            by: viewer,
            action: 'user.deactivated',
            objectType: 'user',
            objectId: id,
            before: { is_active: true },
            after: { is_active: false, reason: why },
          });
          return { reason: why };
        }
        await repo.updateAccount(tx, id, { isActive: true, deactivationReason: null });
        await recordAudit(tx, {
          by: viewer,
          action: 'user.activated',
          objectType: 'user',
          objectId: id,
          before: { is_active: false, reason: user.deactivationReason },
          after: { is_active: true },
        });
        return undefined;
      });
      if (deactivated) await events.emit('user.deactivated', { userId: id, reason: deactivated.reason });
      return person(table, id);
    },

    /**
     * Deletes an account and what hangs on it, in one transaction: sessions, profile, applications,
     * saved jobs, notifications, the rows of their files; for a company's owner, the company with its
     * jobs and their applications (only once the team is down to the owner: 409 otherwise). The
     * audit log keeps its entries (names as they were). The stored bytes go after the commit.
     */
    async remove(viewer: Viewer, id: number): Promise<void> {
      authorize(viewer, 'user.delete', undefined);
      const gone = await db.transaction(async (tx) => {
        const user = await lockedAccount(tx, null, id);
        await assertMayRemove(tx, viewer, user, 'delete');
        const membership = await repo.findMembership(tx, id);
        const ownsCompany = membership?.role === 'owner';
        if (ownsCompany && membership.others > 0) {
          throw new AppError(
            'conflict',
            `${user.fullName} owns ${membership.companyName}, which has ${membership.others} other team ${membership.others === 1 ? 'member' : 'members'}. ` +
              'The team must be handed over or removed before the owner is deleted.',
          );
        }
        const keys = await files.storedKeysOfOwner(tx, id);
        const resumes = ownsCompany ? await files.applicationResumesOf(tx, membership.companyId) : [];
        let logo: string | null = null;
        if (ownsCompany) {
          logo = (await deleteCompany(tx, membership.companyId))?.logo ?? null;
          await recordAudit(tx, {
            by: viewer,
            action: 'company.deleted',
            objectType: 'company',
            objectId: membership.companyId,
            before: { name: membership.companyName, owner_id: id },
          });
        }
        await repo.deleteUserRow(tx, id);
        await recordAudit(tx, { by: viewer, action: 'user.deleted', objectType: 'user', objectId: id, before: identity(user) });
        return { keys, resumes, logo, companyId: ownsCompany ? membership.companyId : null };
      });
      await files.removeAllStored(gone.logo ? [...gone.keys, gone.logo] : gone.keys);
      await files.release(gone.resumes);
      await events.emit('user.deleted', { userId: id });
      if (gone.companyId !== null) await events.emit('company.changed', { companyId: gone.companyId });
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
