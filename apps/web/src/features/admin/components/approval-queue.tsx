import { useState } from 'react';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { notify } from '../../../lib/notify';
import { Link } from 'react-router';
import type { CompanyOut } from '@jobportal/shared';
import { ConfirmModal } from '../../../components/confirm-modal';
import { CheckIcon } from '../../../components/more-icons';
import { describeError } from '../../../lib/api/api-error';
import { formatRecent } from '../../../lib/format';
import { useDeleteCompanyMutation, useToggleCompanyApprovalMutation } from '../../companies/api/companies-api';

function QueueItem({ company, onRefuse }: { company: CompanyOut; onRefuse: (company: CompanyOut) => void }) {
  const [approve, approval] = useToggleCompanyApprovalMutation();
  const onApprove = async () => {
    try {
      await approve({ id: company.id }).unwrap();
      notify({ color: 'teal', message: `${company.name} is approved; its open jobs are public now.` });
    } catch (error) {
      notify({ color: 'red', title: `${company.name} was not approved`, message: describeError(error) });
    }
  };
  return (
    <Group
      component="li"
      justify="space-between"
      gap="sm"
      py="sm"
      wrap="wrap"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
        <Text fw={600} truncate>
          {company.name}
        </Text>
        <Text size="sm" c="dimmed" lineClamp={2}>
          {[company.industry, company.headquarters_location].filter(Boolean).join(' · ') || 'No industry or place given'}
          {company.owner ? ` · submitted by ${company.owner.full_name} (${company.owner.email})` : ''} · {formatRecent(company.created_at)}
        </Text>
      </Stack>
      <Group gap="xs" wrap="nowrap">
        <Button size="xs" variant="default" color="red" onClick={() => onRefuse(company)} aria-label={`Refuse ${company.name}`}>
          Refuse…
        </Button>
        <Button size="xs" onClick={() => void onApprove()} loading={approval.isLoading} aria-label={`Approve ${company.name}`}>
          Approve
        </Button>
      </Group>
    </Group>
  );
}

/** The companies waiting for approval, oldest first, approved or refused in place. */
export function ApprovalQueue({ companies, waiting }: { companies: CompanyOut[]; waiting: number }) {
  const [refusing, setRefusing] = useState<CompanyOut | null>(null);
  const [remove, removal] = useDeleteCompanyMutation();
  const onRefuse = async () => {
    if (!refusing) return;
    try {
      await remove(refusing.id).unwrap();
      notify({ message: `${refusing.name} was refused and deleted.` });
      setRefusing(null);
    } catch {
      // Shown in the modal.
    }
  };
  return (
    <Card withBorder radius="md" p="md">
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} fz="md">
          Waiting for approval
        </Title>
        <Anchor component={Link} to="/companies?approval=pending" size="sm">
          All companies
        </Anchor>
      </Group>
      {companies.length === 0 ? (
        <EmptyState
          place="compact"
          icon={<CheckIcon size={22} />}
          title="No company is waiting"
          description="New companies appear here when employers submit them."
        />
      ) : (
        <>
          <Stack component="ul" gap={0} p={0} m={0} mt="xs" style={{ listStyle: 'none' }}>
            {companies.map((company) => (
              <QueueItem key={company.id} company={company} onRefuse={(c) => (removal.reset(), setRefusing(c))} />
            ))}
          </Stack>
          {waiting > companies.length && (
            <Text size="sm" c="dimmed" mt="xs">
              {(waiting - companies.length).toLocaleString()} more wait on the companies page.
            </Text>
          )}
        </>
      )}
      <ConfirmModal
        opened={refusing !== null}
        title={`Refuse ${refusing?.name ?? 'this company'}?`}
        confirmLabel="Refuse and delete the company"
        onConfirm={() => void onRefuse()}
        onClose={() => setRefusing(null)}
        isWorking={removal.isLoading}
        error={removal.isError ? describeError(removal.error) : null}
      >
        <Text size="sm">
          The company, its jobs and any applications to them are deleted. The employer’s account stays: they can submit their company again.
          The audit log keeps a record.
        </Text>
      </ConfirmModal>
    </Card>
  );
}
