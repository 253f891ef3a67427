import type { TeamInvitationOut, TeamMemberOut, TeamOut } from '@jobportal/shared';
import type { InvitationRecord, MemberRecord } from './teams.repository';

const person = (p: { id: number; fullName: string } | null) => (p ? { id: p.id, full_name: p.fullName } : null);

export function presentMember(m: MemberRecord): TeamMemberOut {
  return {
    id: m.userId,
    email: m.email,
    full_name: m.fullName,
    role: m.role,
    joined_at: m.joinedAt.toISOString(),
    invited_by: person(m.invitedBy),
    jobs_posted: m.jobsPosted,
  };
}

export function presentInvitation(i: InvitationRecord): TeamInvitationOut {
  return {
    id: i.id,
    email: i.email,
    invited_by: person(i.invitedBy),
    sent_at: i.createdAt.toISOString(),
    expires_at: i.expiresAt.toISOString(),
    is_expired: i.expiresAt.getTime() <= Date.now(),
  };
}

/** The only shape in which a team leaves the server. */
export function presentTeam(
  company: { id: number; name: string },
  members: MemberRecord[],
  invitations: InvitationRecord[],
  canManage: boolean,
): TeamOut {
  return {
    company: { id: company.id, name: company.name },
    members: members.map(presentMember),
    invitations: invitations.map(presentInvitation),
    can_manage: canManage,
  };
}
