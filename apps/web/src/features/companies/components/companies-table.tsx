import { ActionIcon, Anchor, Button, Group, Menu, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { CompanyOut } from '@jobportal/shared';
import { CompanyLogo } from '../../../components/company-logo';
import { DotsIcon, TrashIcon } from '../../../components/more-icons';
import { formatDateTime, formatRecent } from '../../../lib/format';
import { ApprovalBadge } from './approval-badge';
import { countOf } from '../../../lib/plural';

export interface CompanyRowActions {
  onToggleApproval: (company: CompanyOut) => void;
  onOpen: (company: CompanyOut) => void;
  onDelete: (company: CompanyOut) => void;
}

function ApprovalButton({ company, onToggleApproval }: { company: CompanyOut; onToggleApproval: CompanyRowActions['onToggleApproval'] }) {
  return company.is_approved ? (
    <Button size="xs" variant="default" onClick={() => onToggleApproval(company)} aria-label={`Unapprove ${company.name}`}>
      Unapprove
    </Button>
  ) : (
    <Button size="xs" color="teal.9" onClick={() => onToggleApproval(company)} aria-label={`Approve ${company.name}`}>
      Approve
    </Button>
  );
}

function MoreMenu({ company, onOpen, onDelete }: { company: CompanyOut } & Pick<CompanyRowActions, 'onOpen' | 'onDelete'>) {
  return (
    <Menu position="bottom-end" shadow="md" width={180}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`More for ${company.name}`}>
          <DotsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onOpen(company)}>Details</Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<TrashIcon size={16} />} onClick={() => onDelete(company)}>
          Delete…
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function NameCell({ company, onOpen }: { company: CompanyOut; onOpen: CompanyRowActions['onOpen'] }) {
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
      <CompanyLogo name={company.name} logo={company.logo} isPublic={company.is_approved} size={36} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Anchor component="button" type="button" fw={600} size="sm" c="var(--mantine-color-text)" ta="left" onClick={() => onOpen(company)}>
          {company.name}
        </Anchor>
        <Text size="xs" c="dimmed" truncate>
          {[company.industry, company.headquarters_location].filter(Boolean).join(' · ') || '—'}
        </Text>
      </Stack>
    </Group>
  );
}

const jobsText = (count: number) => countOf(count, 'open job');

export function CompaniesTable({ companies, ...actions }: { companies: CompanyOut[] } & CompanyRowActions) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Company</Table.Th>
            <Table.Th>Owner</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Open jobs</Table.Th>
            <Table.Th>Submitted</Table.Th>
            <Table.Th>
              <Text
                component="span"
                size="sm"
                fw={700}
                style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
              >
                Actions
              </Text>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {companies.map((company) => (
            <Table.Tr key={company.id}>
              <Table.Td maw={280}>
                <NameCell company={company} onOpen={actions.onOpen} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{company.owner?.full_name ?? '—'}</Text>
                <Text size="xs" c="dimmed">
                  {company.owner?.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <ApprovalBadge isApproved={company.is_approved} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{company.open_jobs_count}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" title={formatDateTime(company.created_at)}>
                  {formatRecent(company.created_at)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap" justify="flex-end">
                  <ApprovalButton company={company} onToggleApproval={actions.onToggleApproval} />
                  <MoreMenu company={company} onOpen={actions.onOpen} onDelete={actions.onDelete} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The same rows stacked, for phones. */
export function CompaniesList({ companies, ...actions }: { companies: CompanyOut[] } & CompanyRowActions) {
  return (
    <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {companies.map((company) => (
        <Stack
          component="li"
          key={company.id}
          gap={8}
          px="md"
          py="sm"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <NameCell company={company} onOpen={actions.onOpen} />
            <ApprovalBadge isApproved={company.is_approved} />
          </Group>
          <Text size="xs" c="dimmed">
            {company.owner ? `${company.owner.full_name} · ` : ''}
            {jobsText(company.open_jobs_count)} · submitted {formatRecent(company.created_at)}
          </Text>
          <Group gap="xs" justify="flex-end">
            <ApprovalButton company={company} onToggleApproval={actions.onToggleApproval} />
            <MoreMenu company={company} onOpen={actions.onOpen} onDelete={actions.onDelete} />
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}

export function CompaniesSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <Stack gap={0} aria-busy="true" aria-label="Loading companies">
      {Array.from({ length: rows }, (_, index) => (
        <Group
          key={index}
          justify="space-between"
          px="md"
          py="sm"
          wrap="nowrap"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          <Group gap="sm" wrap="nowrap" style={{ flex: 1 }}>
            <Skeleton height={36} width={36} radius="md" />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={12} width="40%" />
              <Skeleton height={10} width="30%" />
            </Stack>
          </Group>
          <Skeleton height={18} width={70} radius="xl" />
          <Skeleton height={26} width={90} visibleFrom="sm" />
        </Group>
      ))}
    </Stack>
  );
}
