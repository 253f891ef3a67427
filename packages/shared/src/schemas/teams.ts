import { z } from 'zod';
import { limits } from '../limits';
import { email, idValue } from './common';
import { otpCode, password } from './auth';
import { oneLine } from './text';
import { companyRoles } from '../vocabulary/companies';

/** POST /api/companies/{id}/members/: invite someone to the hiring team (the owner). */
export const teamInviteRequest = z.object({ email });
export type TeamInviteRequest = z.infer<typeof teamInviteRequest>;

/**
 * POST /api/companies/join/: accept an invitation with the e-mailed code. A new account also sets
 * its name and password; an existing employer account without a company just joins.
 */
export const teamJoinRequest = z.object({
  email,
  otp: otpCode,
  full_name: oneLine(z.string().trim().min(1, 'Enter your name.').max(limits.nameMax)).optional(),
  password: password.optional(),
});
export type TeamJoinRequest = z.infer<typeof teamJoinRequest>;

const person = z.object({ id: z.number().int(), full_name: z.string() });

export const teamMemberOut = z.object({
  /** The member's user id (DELETE /api/companies/{id}/members/{userId}/). */
  id: z.number().int(),
  email: z.string(),
  full_name: z.string(),
  role: z.enum(companyRoles),
  joined_at: z.string(),
  invited_by: person.nullable(),
  /** Jobs of the company this member posted. */
  jobs_posted: z.number().int(),
});
export type TeamMemberOut = z.infer<typeof teamMemberOut>;

export const teamInvitationOut = z.object({
  id: z.number().int(),
  email: z.string(),
  invited_by: person.nullable(),
  /** When the latest code was sent. */
  sent_at: z.string(),
  /** When that code stops working; after it, the owner sends the invitation again. */
  expires_at: z.string(),
  is_expired: z.boolean(),
});
export type TeamInvitationOut = z.infer<typeof teamInvitationOut>;

/** GET /api/companies/{id}/members/: the members, owner first, and the pending invitations. */
export const teamOut = z.object({
  company: z.object({ id: z.number().int(), name: z.string() }),
  members: z.array(teamMemberOut),
  invitations: z.array(teamInvitationOut),
  /** Whether the caller may invite and remove (the owner): the access policy's answer, so screens need no rule of their own. */
  can_manage: z.boolean(),
});
export type TeamOut = z.infer<typeof teamOut>;

/**
 * GET /api/companies/former/: for an employer who works for no company, the one whose owner last
 * removed them from its hiring team (null when none), so their screens can say what happened.
 */
export const formerTeamOut = z.object({
  company: z.object({ id: z.number().int(), name: z.string(), removed_at: z.string() }).nullable(),
});
export type FormerTeamOut = z.infer<typeof formerTeamOut>;

export const teamMemberParams = z.object({ id: idValue, userId: idValue });
export const teamInvitationParams = z.object({ id: idValue, invitationId: idValue });
