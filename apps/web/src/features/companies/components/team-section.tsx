import { useState } from 'react';
import { Avatar, Badge, Button, Card, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notify } from '../../../lib/notify';
import type { TeamInvitationOut, TeamMemberOut } from '@jobportal/shared';
import { companyRoleLabels, limits } from '@jobportal/shared/vocabulary';
import { ConfirmModal } from '../../../components/confirm-modal';
import { initialsOf } from '../../../components/initials';
import { LoadFailed } from '../../../components/load-failed';
import { describeError, fieldError } from '../../../lib/api/api-error';
import { formatRecent } from '../../../lib/format';
import {
  useGetTeamQuery,
  useInviteMemberMutation,
  useRemoveMemberMutation,
  useWithdrawInvitationMutation,
} from '../../teams/api/teams-api';
import { countOf } from '../../../lib/plural';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function InviteForm({ companyId }: { companyId: number }) {
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [invite, { isLoading }] = useInviteMemberMutation();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!emailPattern.test(address)) {
      setProblem('Enter an e-mail address, like name@company.com.');
      return;
    }
    setProblem(null);
    try {
      await invite({ companyId, email: address }).unwrap();
      setEmail('');
      notify({ message: `Invitation sent to ${address}.`, color: 'teal' });
    } catch (error) {
      setProblem(fieldError(error, 'email') ?? describeError(error));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Invite a recruiter"
          description={`They get a ${limits.otpLength}-digit code by e-mail to join; it works for ${limits.otpTtlMinutes} minutes.`}
          placeholder="name@company.com"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={problem}
          style={{ flex: '1 1 16rem', maxWidth: '28rem' }}
        />
        <Button type="submit" loading={isLoading} mb={problem ? 22 : 0}>
          Send invitation
        </Button>
      </Group>
    </form>
  );
}

function MemberRow({ member, canRemove, onRemove }: { member: TeamMemberOut; canRemove: boolean; onRemove: () => void }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" py={6}>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Avatar radius="xl" color={member.role === 'owner' ? 'indigo' : 'teal'} aria-hidden>
          {initialsOf(member.full_name)}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text fw={600}>{member.full_name}</Text>
            <Badge size="sm" variant="light" color={member.role === 'owner' ? 'indigo' : 'teal'}>
              {companyRoleLabels[member.role]}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {member.email} · joined {formatRecent(member.joined_at)} · {countOf(member.jobs_posted, 'job')} posted
          </Text>
        </div>
      </Group>
      {canRemove && (
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          style={{ flexShrink: 0 }}
          onClick={onRemove}
          aria-label={`Remove ${member.full_name} from the team`}
        >
          Remove
        </Button>
      )}
    </Group>
  );
}

function InvitationRow({ invitation, canManage, companyId }: { invitation: TeamInvitationOut; canManage: boolean; companyId: number }) {
  const [withdraw, withdrawing] = useWithdrawInvitationMutation();
  const [invite, resending] = useInviteMemberMutation();
  const act = async (what: 'resend' | 'withdraw') => {
    try {
      if (what === 'resend') await invite({ companyId, email: invitation.email }).unwrap();
      else await withdraw({ companyId, invitationId: invitation.id }).unwrap();
      notify({
        message: what === 'resend' ? `A new code went to ${invitation.email}.` : 'Invitation withdrawn.',
        color: 'teal',
      });
    } catch (error) {
      notify({ message: describeError(error), color: 'red' });
    }
  };
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" py={6}>
      <div style={{ minWidth: 0 }}>
        <Group gap={6}>
          <Text fw={500}>{invitation.email}</Text>
          {invitation.is_expired ? (
            <Badge size="sm" color="orange" variant="light">
              Code expired
            </Badge>
          ) : (
            <Badge size="sm" color="gray" variant="light">
              Pending
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          Sent {formatRecent(invitation.sent_at)}
          {invitation.invited_by ? ` by ${invitation.invited_by.full_name}` : ''}
        </Text>
      </div>
      {canManage && (
        <Group gap="xs">
          <Button variant="light" size="compact-sm" loading={resending.isLoading} onClick={() => void act('resend')}>
            Send again
          </Button>
          <Button variant="subtle" color="red" size="compact-sm" loading={withdrawing.isLoading} onClick={() => void act('withdraw')}>
            Withdraw
          </Button>
        </Group>
      )}
    </Group>
  );
}

/** The "Team" section of company details: members, pending invitations, and for the owner invite and remove. */
export function TeamSection({ companyId }: { companyId: number }) {
  const { data: team, error, isLoading, isError, refetch } = useGetTeamQuery(companyId);
  const [removing, setRemoving] = useState<TeamMemberOut | null>(null);
  const [remove, removal] = useRemoveMemberMutation();
  const [removeError, setRemoveError] = useState<string | null>(null);

  const confirmRemoval = async () => {
    if (!removing) return;
    try {
      await remove({ companyId, userId: removing.id }).unwrap();
      notify({ message: `${removing.full_name} is no longer on the team.`, color: 'teal' });
      setRemoving(null);
    } catch (failure) {
      setRemoveError(describeError(failure));
    }
  };

  return (
    <Card component="section" aria-labelledby="team-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="md" id="team-title">
            Hiring team
          </Title>
          <Text size="sm" c="dimmed">
            Recruiters work on the company&apos;s jobs and applicants just as the owner does. Only the owner invites and removes them.
          </Text>
        </div>
        {isLoading ? (
          <Stack gap="sm" aria-busy="true" aria-label="Loading the team">
            <Skeleton height={44} />
            <Skeleton height={44} />
          </Stack>
        ) : isError || !team ? (
          <LoadFailed title="The team could not be loaded" error={error} onRetry={() => void refetch()} />
        ) : (
          <>
            <Stack gap={0}>
              {team.members.map((member) => (
                <MemberRow
                  key={member.id}
                  member={member}
                  canRemove={team.can_manage && member.role !== 'owner'}
                  onRemove={() => {
                    setRemoveError(null);
                    setRemoving(member);
                  }}
                />
              ))}
            </Stack>
            {team.invitations.length > 0 && (
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  Invitations waiting for an answer
                </Text>
                {team.invitations.map((invitation) => (
                  <InvitationRow key={invitation.id} invitation={invitation} canManage={team.can_manage} companyId={companyId} />
                ))}
              </Stack>
            )}
            {team.can_manage ? (
              <InviteForm companyId={companyId} />
            ) : (
              <Text size="sm" c="dimmed">
                Ask the company owner to invite or remove recruiters.
              </Text>
            )}
          </>
        )}
      </Stack>
      <ConfirmModal
        opened={removing !== null}
        title={`Remove ${removing?.full_name ?? ''}?`}
        confirmLabel="Remove from the team"
        onConfirm={() => void confirmRemoval()}
        onClose={() => setRemoving(null)}
        isWorking={removal.isLoading}
        error={removeError}
      >
        <Text size="sm">
          They are signed out at once and lose access to the company&apos;s jobs and applicants. What they did stays, with their name on it.
        </Text>
      </ConfirmModal>
    </Card>
  );
}
