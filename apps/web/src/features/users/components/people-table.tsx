import { Badge, Group, Progress, Skeleton, Stack, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { EmployerPersonOut, JobseekerPersonOut } from '@jobportal/shared';
import { formatDate, formatRecent } from '../../../lib/format';
import type { PersonTable } from '../api/users-api';
import { countOf } from '../../../lib/plural';

export type Person = JobseekerPersonOut | EmployerPersonOut;
export const isJobseekerPerson = (p: Person): p is JobseekerPersonOut => 'applications_count' in p;

export function ActiveBadge({ person }: { person: Person }) {
  const badge = (
    <Badge variant="dot" color={person.is_active ? 'teal' : 'red'} style={{ flexShrink: 0 }}>
      {person.is_active ? 'Active' : 'Deactivated'}
    </Badge>
  );
  return person.deactivation_reason ? (
    <Tooltip label={`Reason: ${person.deactivation_reason}`} multiline maw={280} withArrow>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}

/** "Owner of Northwind Labs", "Recruiter at Northwind Labs", "Former recruiter at Northwind Labs", or no company yet. */
export function companyLine(person: EmployerPersonOut): string {
  if (!person.company) return person.former_company ? `Former recruiter at ${person.former_company.name}` : 'No company yet';
  return `${person.is_company_owner ? 'Owner of' : 'Recruiter at'} ${person.company.name}${person.company.is_approved ? '' : ' (awaiting approval)'}`;
}

/** What the person is here: a job seeker, an employer, a recruiter, or a former recruiter (removed, with no company now). */
export function kindLabel(person: Person): string {
  if (isJobseekerPerson(person)) return 'Job seeker';
  if (person.company) return person.is_company_owner ? 'Employer' : 'Recruiter';
  return person.former_company ? 'Former recruiter' : 'Employer';
}

function NameCell({ person, onOpen }: { person: Person; onOpen: (id: number) => void }) {
  return (
    <UnstyledButton
      onClick={() => onOpen(person.id)}
      aria-label={`Details of ${person.full_name}`}
      style={{ minWidth: 0, maxWidth: '100%' }}
    >
      <Text size="sm" fw={600} c="var(--mantine-color-anchor)" truncate>
        {person.full_name || '—'}
      </Text>
      <Text size="xs" c="dimmed" truncate>
        {person.email}
      </Text>
    </UnstyledButton>
  );
}

function Completeness({ percent }: { percent: number }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Progress.Root w={56} size="sm">
        <Progress.Section
          value={percent}
          color={percent >= 70 ? 'teal' : percent >= 40 ? 'yellow' : 'gray'}
          aria-label={`Profile ${percent}% complete`}
        />
      </Progress.Root>
      <Text size="xs" c="dimmed">
        {percent}%
      </Text>
    </Group>
  );
}

interface PeopleProps {
  table: PersonTable;
  people: Person[];
  onOpen: (id: number) => void;
}

/** The people of one table, wide: a row per person; the name opens their details. */
export function PeopleTable({ table, people, onOpen }: PeopleProps) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Status</Table.Th>
            {table === 'jobseekers' ? (
              <>
                <Table.Th ta="right">Applications</Table.Th>
                <Table.Th>Profile</Table.Th>
              </>
            ) : (
              <>
                <Table.Th>Company</Table.Th>
                <Table.Th ta="right">Jobs posted</Table.Th>
              </>
            )}
            <Table.Th>Joined</Table.Th>
            <Table.Th>Last sign-in</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((person) => (
            <Table.Tr key={person.id}>
              <Table.Td maw={260}>
                <NameCell person={person} onOpen={onOpen} />
              </Table.Td>
              <Table.Td>
                <ActiveBadge person={person} />
              </Table.Td>
              {isJobseekerPerson(person) ? (
                <>
                  <Table.Td ta="right">{person.applications_count.toLocaleString()}</Table.Td>
                  <Table.Td>
                    <Completeness percent={person.profile_completeness} />
                  </Table.Td>
                </>
              ) : (
                <>
                  <Table.Td maw={240}>
                    <Text size="sm" truncate>
                      {companyLine(person)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{person.jobs_count.toLocaleString()}</Table.Td>
                </>
              )}
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(person.date_joined)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={person.last_login ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
                  {person.last_login ? formatRecent(person.last_login) : 'Never'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The same people stacked, for phones. */
export function PeopleList({ people, onOpen }: PeopleProps) {
  return (
    <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {people.map((person) => (
        <Stack
          component="li"
          key={person.id}
          gap={6}
          px="md"
          py="sm"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <NameCell person={person} onOpen={onOpen} />
            </div>
            <ActiveBadge person={person} />
          </Group>
          <Text size="xs" c="dimmed">
            {isJobseekerPerson(person)
              ? `${countOf(person.applications_count, 'application')} · profile ${person.profile_completeness}%`
              : `${companyLine(person)} · ${countOf(person.jobs_count, 'job')}`}
          </Text>
          <Text size="xs" c="dimmed">
            Joined {formatDate(person.date_joined)} · Last sign-in {person.last_login ? formatRecent(person.last_login) : 'never'}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

export function PeopleTableSkeleton() {
  return (
    <Stack gap="md" p="md" aria-busy="true" aria-label="Loading people">
      {Array.from({ length: 8 }, (_, i) => (
        <Group key={i} gap="md" wrap="nowrap">
          <Stack gap={6} w={220}>
            <Skeleton h={12} w="70%" />
            <Skeleton h={10} w="90%" />
          </Stack>
          <Skeleton h={18} w={80} radius="xl" />
          <Skeleton h={12} w={120} />
          <Skeleton h={12} w={90} />
          <Skeleton h={12} w={90} />
        </Group>
      ))}
    </Stack>
  );
}

export function PeopleListSkeleton() {
  return (
    <Stack gap="lg" p="md" aria-busy="true" aria-label="Loading people">
      {Array.from({ length: 6 }, (_, i) => (
        <Stack key={i} gap={6}>
          <Skeleton h={12} w="60%" />
          <Skeleton h={10} w="80%" />
          <Skeleton h={10} w="50%" />
        </Stack>
      ))}
    </Stack>
  );
}
