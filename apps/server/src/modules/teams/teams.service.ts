import type { EventBus } from '../../lib/events';
import type { FastifyBaseLogger } from 'fastify';
import {
  limits,
  type FormerTeamOut,
  type LoginResponse,
  type TeamInvitationOut,
  type TeamJoinRequest,
  type TeamOut,
} from '@jobportal/shared';
import type { Db } from '../../db/client';
import { AppError, validationError } from '../../lib/app-error';
import type { Mailer } from '../../lib/mail';
import type { Viewer } from '../../lib/access';
import { utcToday } from '../../lib/dates';
import { inline } from '../../lib/mail';
import { hashPassword } from '../../lib/passwords';
import { authorize, can } from '../../policies/policy';
import { recordAudit } from '../audit';
import { findUserByEmail, insertUser, type AuthService, type ClientInfo, updateUser } from '../auth';
import { companyFacts, findCompanyById } from '../companies';
import { insertNotifications } from '../notifications';
import { presentInvitation, presentTeam } from './teams.presenter';
import * as repo from './teams.repository';

export interface TeamsDeps {
  db: Db;
  auth: AuthService;
  mailer: Mailer;
  productName: string;
  publicUrl: string | undefined;
  log: FastifyBaseLogger;
  /** Told when a member leaves a team (realtime/ cuts their sockets) and when notices were written. */
  events?: EventBus;
}

/**
 * Hiring teams: the owner of a company invites recruiters by e-mail, they join with the mailed
 * code, the owner removes them. Who may do each is the access policy's (team.*).
 */
export function createTeamsService(deps: TeamsDeps) {
  const { db, auth } = deps;

  /** The company when the viewer may do the team action on it (404 hidden or missing, 403 visible but not theirs). */
  async function companyFor(viewer: Viewer, action: 'team.view' | 'team.manage', companyId: number) {
    const company = await findCompanyById(db, companyId, utcToday());
    authorize(viewer, action, company && companyFacts(company));
    return company!;
  }

  const joinLink = () => (deps.publicUrl ? `${deps.publicUrl.replace(/\/$/, '')}/#/join-team` : undefined);

  return {
    async get(viewer: Viewer, companyId: number): Promise<TeamOut> {
      const company = await companyFor(viewer, 'team.view', companyId);
      const [members, invitations] = await Promise.all([repo.findMembers(db, companyId), repo.findPendingInvitations(db, companyId)]);
      return presentTeam(company, members, invitations, can(viewer, 'team.manage', companyFacts(company)));
    },

    /**
     * Invites an address to the team (the owner): a 6-digit code goes out by e-mail. Inviting a
     * pending address again sends a new code (at most one a minute) and answers `created: false`.
     */
    async invite(viewer: Viewer, companyId: number, email: string): Promise<{ invitation: TeamInvitationOut; created: boolean }> {
      const company = await companyFor(viewer, 'team.manage', companyId);
      const membership = await repo.findMembershipByEmail(db, email);
      if (membership?.companyId === companyId) {
        throw new AppError('conflict', `${email} is already on the team.`, { fields: { email: ['Already on the team.'] } });
      }
      const link = joinLink();
      const expiresAt = await auth.sendInvitationCode(email, (code) => ({
        subject: `Join ${inline(company.name)} on ${deps.productName}: your code ${code}`,
        text:
          `Hello,\n\n${inline(company.owner.fullName)} invites you to join the hiring team of ${inline(company.name)} on ${deps.productName}. ` +
          `As a recruiter you will work on the company's jobs and applicants.\n\n` +
          `Your code:\n\n    ${code}\n\n` +
          `Enter it with this e-mail address on the "Join a hiring team" page${link ? `: ${link}` : ''}. ` +
          `If you have no account yet, you choose your name and password there.\n\n` +
          `The code works once and expires in ${limits.otpTtlMinutes} minutes; ask ${inline(company.owner.fullName)} to send it again if it runs out. ` +
          `If you did not expect this e-mail, you can ignore it.\n`,
      }));
      const { id, created } = await db.transaction(async (tx) => {
        const made = await repo.upsertInvitation(tx, { companyId, email, invitedBy: viewer.userId, expiresAt });
        await recordAudit(tx, {
          by: viewer,
          action: 'team.member_invited',
          objectType: 'invitation',
          objectId: made.id,
          after: { company_id: companyId, email },
        });
        return made;
      });
      const invitation = (await repo.findPendingInvitation(db, companyId, id))!;
      return { invitation: presentInvitation(invitation), created };
    },

    /** Withdraws a pending invitation (the owner); its code stops working. */
    async withdrawInvitation(viewer: Viewer, companyId: number, invitationId: number): Promise<void> {
      await companyFor(viewer, 'team.manage', companyId);
      const invitation = await repo.findPendingInvitation(db, companyId, invitationId);
      const gone = () => new AppError('not_found', 'That invitation was not found, or it was already accepted or withdrawn.');
      if (!invitation) throw gone();
      await db.transaction(async (tx) => {
        if (!(await repo.markInvitationWithdrawn(tx, invitationId))) throw gone();
        await recordAudit(tx, {
          by: viewer,
          action: 'team.invitation_withdrawn',
          objectType: 'invitation',
          objectId: invitationId,
          before: { company_id: companyId, email: invitation.email },
        });
      });
      // The address's live code is for its newest invitation; keep it while another one is pending.
      if (!(await repo.hasOtherPendingInvitation(db, invitation.email, invitationId))) await auth.retireInvitationCodes(invitation.email);
    },

    /**
     * Removes a recruiter (the owner; never the owner). They keep their account and stay signed in,
     * without the company from their very next request; they are told by a notice and an e-mail what
     * happened and what they can do (decision 018). What they did stays, attributed to them.
     */
    async removeMember(viewer: Viewer, companyId: number, userId: number): Promise<void> {
      const company = await findCompanyById(db, companyId, utcToday());
      const member = company && (await repo.findMember(db, companyId, userId));
      authorize(viewer, 'team.manage', company && companyFacts(company));
      if (!member) throw new AppError('not_found', 'That person is not on the team.');
      authorize(viewer, 'team.remove_member', { companyId, isCompanyApproved: company!.isApproved, role: member.role });
      const owner = company!.owner.fullName;
      const message =
        `${owner} removed you from the hiring team of ${company!.name}. Your account stays: ` +
        `ask ${owner} to invite you again, or submit your own company.`;
      await db.transaction(async (tx) => {
        if (!(await repo.deleteRecruiter(tx, companyId, userId))) throw new AppError('not_found', 'That person is not on the team.');
        await repo.markRemovedFromCompany(tx, userId, companyId);
        await insertNotifications(tx, [{ userId, type: 'team_member_removed', message, link: '/EmployerCompanyManagement' }]);
        await recordAudit(tx, {
          by: viewer,
          action: 'team.member_removed',
          objectType: 'team_member',
          objectId: userId,
          before: { company_id: companyId, email: member.email, role: member.role },
        });
      });
      await deps.events?.emit('notifications.created', {});
      // Their live connections start again without the company (its conversations stop reaching them).
      await deps.events?.emit('team.member_removed', { userId, companyId });
      const link = deps.publicUrl
        ? `\n\nOpen ${deps.productName}: ${deps.publicUrl.replace(/\/$/, '')}/#/EmployerCompanyManagement\n`
        : '\n';
      deps.mailer
        .send({
          to: member.email,
          subject: `You are no longer on the hiring team of ${company!.name}`,
          text:
            `Hello ${member.fullName},\n\n${owner} removed you from the hiring team of ${company!.name} on ${deps.productName}. ` +
            `You no longer see its jobs, applicants and conversations; what you did for it stays, with your name.\n\n` +
            `Your account stays. To work for ${company!.name} again, ask ${owner} to invite you again. ` +
            `To hire for a company of your own, sign in and submit its details.${link}`,
        })
        .catch((error: unknown) => deps.log.error({ err: error, userId }, 'removal e-mail not sent'));
    },

    /** For an employer without a company: the company that last removed them from its team, if any. */
    async former(viewer: Viewer): Promise<FormerTeamOut> {
      if (viewer.role !== 'employer' || viewer.companyId !== null) return { company: null };
      const company = await repo.findFormerCompany(db, viewer.userId);
      return { company: company ? { id: company.id, name: company.name, removed_at: company.removedAt.toISOString() } : null };
    },

    /**
     * Joins a team with the e-mailed code and signs in. A new address makes an employer account
     * (name and password required); an existing employer account without a company just joins.
     * Everything that can refuse is checked before the code is used up.
     */
    async join(input: TeamJoinRequest, client: ClientInfo & { requestId: string }): Promise<LoginResponse> {
      // The invitation and its code come first, so nobody without the code learns anything of the
      // address's account; the code is used up only when the join succeeds.
      const invitation = await repo.findInvitationForCode(db, input.email);
      if (!invitation) {
        throw new AppError('otp_expired', 'That code has expired or was already used. Ask the company owner to invite you again.', {
          fields: { otp: ['This code has expired. Ask for a new invitation.'] },
        });
      }
      await auth.checkInvitationCode(input.email, input.otp, client.ip);
      const existing = await findUserByEmail(db, input.email);
      if (existing) {
        if (existing.role !== 'employer') {
          throw new AppError(
            'conflict',
            'This e-mail belongs to an account that is not an employer account. Ask for an invitation to another address.',
          );
        }
        if (!existing.isActive) throw new AppError('account_disabled', 'This account has been deactivated. Contact support.');
        if (await repo.findMembershipByEmail(db, input.email)) {
          throw new AppError('conflict', 'This account already works for a company. Leave it before joining another.');
        }
      } else {
        const fields: Record<string, string[]> = {};
        if (!input.full_name) fields.full_name = ['Enter your name: this e-mail has no account yet.'];
        if (!input.password) fields.password = ['Choose a password: this e-mail has no account yet.'];
        if (Object.keys(fields).length) throw validationError(fields);
        auth.assertPasswordAllowed(input.password!, { email: input.email, fullName: input.full_name }, 'password');
      }
      const passwordHash = existing ? undefined : await hashPassword(input.password!);
      const user = await db.transaction(async (tx) => {
        const user =
          existing ??
          (await insertUser(tx, {
            email: input.email,
            fullName: input.full_name!,
            role: 'employer',
            passwordHash,
            // The code came to this address: it is verified.
            emailVerified: true,
          }));
        if (!user) throw new AppError('conflict', 'An account with this e-mail was made just now. Try again.');
        if (!(await auth.useInvitationCode(tx, input.email))) {
          throw new AppError('otp_expired', 'That code was already used. Ask the company owner to invite you again.');
        }
        if (!(await repo.markInvitationAccepted(tx, invitation.id, user.id))) {
          throw new AppError('otp_expired', 'That invitation was withdrawn. Ask the company owner to invite you again.');
        }
        await repo.insertMember(tx, {
          companyId: invitation.companyId,
          userId: user.id,
          role: 'recruiter',
          invitedBy: invitation.invitedBy?.id ?? null,
        });
        if (existing && !existing.emailVerified) await updateUser(tx, existing.id, { emailVerified: true });
        await recordAudit(tx, {
          by: { userId: user.id, requestId: client.requestId },
          action: 'team.member_joined',
          objectType: 'team_member',
          objectId: user.id,
          after: { company_id: invitation.companyId, email: user.email, role: 'recruiter' },
        });
        return user;
      });
      return auth.startSession(user, client);
    },
  };
}
export type TeamsService = ReturnType<typeof createTeamsService>;
