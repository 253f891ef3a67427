import type { ReactNode } from 'react';
import { Anchor, Badge, Button, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CompanyOut } from '@jobportal/shared';
import { CompanyLogo } from '../../../components/company-logo';
import { formatDateTime } from '../../../lib/format';
import { formatDay } from '../../../lib/job-format';
import { ApprovalBadge } from './approval-badge';
import { countOf } from '../../../lib/plural';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

interface CompanyDetailsDrawerProps {
  company: CompanyOut | null;
  onClose: () => void;
  onToggleApproval: (company: CompanyOut) => void;
  onDelete: (company: CompanyOut) => void;
}

/** Everything a company submitted, and who submitted it, for the admin deciding on it. */
export function CompanyDetailsDrawer({ company, onClose, onToggleApproval, onDelete }: CompanyDetailsDrawerProps) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  return (
    <Drawer
      opened={company !== null}
      onClose={onClose}
      position="right"
      size={isPhone ? '100%' : 'md'}
      title={<Text fw={650}>Company details</Text>}
      closeButtonProps={{ 'aria-label': 'Close company details' }}
    >
      {company && (
        <Stack gap="lg">
          <Group gap="md" wrap="nowrap">
            <CompanyLogo name={company.name} logo={company.logo} isPublic={company.is_approved} size={64} />
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Title order={2} fz="xl" style={{ overflowWrap: 'anywhere' }}>
                {company.name}
              </Title>
              <Group gap={6}>
                <ApprovalBadge isApproved={company.is_approved} />
                <Text size="sm" c="dimmed">
                  {countOf(company.open_jobs_count, 'open job')}
                </Text>
              </Group>
            </Stack>
          </Group>
          <Group gap="sm">
            <Button
              color={company.is_approved ? undefined : 'teal'}
              variant={company.is_approved ? 'default' : 'filled'}
              onClick={() => onToggleApproval(company)}
            >
              {company.is_approved ? 'Unapprove' : 'Approve'}
            </Button>
            <Button color="red" variant="light" onClick={() => onDelete(company)}>
              Delete…
            </Button>
          </Group>
          <Stack gap="sm">
            <Field label="Submitted by">
              {company.owner ? (
                <>
                  {company.owner.full_name} ·{' '}
                  <Anchor href={`mailto:${company.owner.email}`} size="sm">
                    {company.owner.email}
                  </Anchor>
                </>
              ) : (
                '—'
              )}
            </Field>
            <Field label="Website">
              {company.website_url ? (
                <Anchor href={company.website_url} target="_blank" rel="noopener noreferrer nofollow" size="sm">
                  {company.website_url}
                </Anchor>
              ) : (
                '—'
              )}
            </Field>
            <Group grow align="flex-start">
              <Field label="Industry">{company.industry ?? '—'}</Field>
              <Field label="Size">{company.company_size ? `${company.company_size} people` : '—'}</Field>
            </Group>
            <Group grow align="flex-start">
              <Field label="Founded">{formatDay(company.founded_date)}</Field>
              <Field label="Headquarters">{company.headquarters_location ?? '—'}</Field>
            </Group>
            <Field label="Tech stack">
              {company.tech_stack.length > 0 ? (
                <Group gap={4} mt={4}>
                  {company.tech_stack.map((tech) => (
                    <Badge key={tech} variant="default" tt="none" fw={500}>
                      {tech}
                    </Badge>
                  ))}
                </Group>
              ) : (
                '—'
              )}
            </Field>
            <Field label="About">
              <span style={{ whiteSpace: 'pre-line' }}>{company.description.trim() || '—'}</span>
            </Field>
            <Group grow align="flex-start">
              <Field label="Submitted">{formatDateTime(company.created_at)}</Field>
              <Field label="Last changed">{formatDateTime(company.updated_at)}</Field>
            </Group>
          </Stack>
        </Stack>
      )}
    </Drawer>
  );
}
