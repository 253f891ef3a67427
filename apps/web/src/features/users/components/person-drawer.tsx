import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Divider, Drawer, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { auditActionText } from '@jobportal/shared';
import { formatDate, formatDateTime, formatRecent } from '../../../lib/format';
import { describeError } from '../../../lib/api/api-error';
import { useListAuditEntriesQuery } from '../../audit/api/audit-api';
import { useGetJobseekerProfileQuery } from '../../profiles/api/profiles-api';
import { ActiveBadge, companyLine, isJobseekerPerson, kindLabel, type Person } from './people-table';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" ta="right" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={3} fz="sm" tt="uppercase" c="dimmed" lts={0.4}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function ProfileSection({ id }: { id: number }) {
  const { data, isLoading, isError, error } = useGetJobseekerProfileQuery(id);
  if (isLoading) return <Skeleton h={80} />;
  if (isError || !data)
    return (
      <Text size="sm" c="red">
        {describeError(error)}
      </Text>
    );
  return (
    <Stack gap={4}>
      <Fact label="Current title">{data.current_job_title || '—'}</Fact>
      <Fact label="Phone">{data.phone_number || '—'}</Fact>
      <Fact label="Resume">{data.resume ? data.resume.name : 'None yet'}</Fact>
      <Fact label="Complete">{data.completeness.percent}%</Fact>
      {data.bio && (
        <Text size="sm" lineClamp={3} c="dimmed">
          {data.bio}
        </Text>
      )}
    </Stack>
  );
}

function AuditTrail({ person }: { person: Person }) {
  const { data, isLoading, isError, error } = useListAuditEntriesQuery({
    page: 1,
    page_size: 5,
    object_type: 'user',
    object_id: String(person.id),
  });
  return (
    <Section title="Audit trail">
      {isLoading ? (
        <Skeleton h={60} />
      ) : isError || !data ? (
        <Text size="sm" c="red">
          {describeError(error)}
        </Text>
      ) : data.results.length === 0 ? (
        <Text size="sm" c="dimmed">
          No administrator has changed this account.
        </Text>
      ) : (
        <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
          {data.results.map((entry) => (
            <li key={entry.id}>
              <Text size="sm">{auditActionText(entry)}</Text>
              <Text size="xs" c="dimmed" title={formatDateTime(entry.at)}>
                {formatRecent(entry.at)}
                {entry.actor ? ` by ${entry.actor.full_name}` : ''}
              </Text>
            </li>
          ))}
        </Stack>
      )}
      <Group gap="md">
        <Anchor component={Link} to={`/admin/audit?object_type=user&object_id=${person.id}`} size="sm">
          Changes to this account{data && data.count > 5 ? ` (${data.count})` : ''}
        </Anchor>
        <Anchor component={Link} to={`/admin/audit?actor=${person.id}`} size="sm">
          What they changed
        </Anchor>
      </Group>
    </Section>
  );
}

interface PersonDrawerProps {
  person: Person | undefined;
  /** The drawer is open for an id the current page does not hold (e.g. a shared address). */
  isMissing: boolean;
  opened: boolean;
  onClose: () => void;
  onEdit: (person: Person) => void;
  onToggleActive: (person: Person) => void;
  onDelete: (person: Person) => void;
}

/** One person's details: the account, their profile or company, counts, the audit trail, and what an admin can do. */
export function PersonDrawer({ person, isMissing, opened, onClose, onEdit, onToggleActive, onDelete }: PersonDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={<Text fw={650}>{person ? person.full_name : 'Person'}</Text>}
    >
      {!person ? (
        isMissing ? (
          <Text size="sm" c="dimmed">
            This person is not on the current page of the list (or no longer exists). Search for them by name.
          </Text>
        ) : (
          <Skeleton h={200} />
        )
      ) : (
        <Stack gap="lg">
          <Stack gap={4}>
            <Group gap="xs">
              <ActiveBadge person={person} />
              <Badge variant="light" color={isJobseekerPerson(person) ? 'teal' : 'blue'}>
                {kindLabel(person)}
              </Badge>
            </Group>
            <Fact label="E-mail">{person.email}</Fact>
            <Fact label="Signed up">{formatDate(person.date_joined)}</Fact>
            <Fact label="Last sign-in">{person.last_login ? formatDateTime(person.last_login) : 'Never'}</Fact>
            {!person.is_active && <Fact label="Deactivated because">{person.deactivation_reason || 'No reason given'}</Fact>}
          </Stack>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => onEdit(person)}>
              Edit
            </Button>
            <Button size="xs" variant="default" color={person.is_active ? 'orange' : 'teal'} onClick={() => onToggleActive(person)}>
              {person.is_active ? 'Deactivate…' : 'Activate…'}
            </Button>
            <Button size="xs" variant="default" color="red" onClick={() => onDelete(person)}>
              Delete…
            </Button>
          </Group>
          <Divider />
          {isJobseekerPerson(person) ? (
            <Section title="Profile">
              <Fact label="Applications">{person.applications_count.toLocaleString()}</Fact>
              <ProfileSection id={person.id} />
            </Section>
          ) : (
            <Section title="Company">
              <Fact label={person.company ? 'Works for' : 'Company'}>{companyLine(person)}</Fact>
              <Fact label="Jobs posted">{person.jobs_count.toLocaleString()}</Fact>
              {person.company && (
                <Anchor component={Link} to={`/companies?search=${encodeURIComponent(person.company.name)}`} size="sm">
                  Open on the companies page
                </Anchor>
              )}
            </Section>
          )}
          <Divider />
          <AuditTrail person={person} />
        </Stack>
      )}
    </Drawer>
  );
}
