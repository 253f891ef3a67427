import '../../../components/extra-styles';
import { useState } from 'react';
import { Box, Button, Card, EmptyState, Group, Pagination, SegmentedControl, Stack, Text } from '@mantine/core';
import { notify } from '../../../lib/notify';
import type { CompanyOut } from '@jobportal/shared';
import { ConfirmModal } from '../../../components/confirm-modal';
import { BuildingIcon } from '../../../components/more-icons';
import { LoadFailed } from '../../../components/load-failed';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/use-page-title';
import { describeError } from '../../../lib/api/api-error';
import {
  useDeleteCompanyMutation,
  useListCompaniesQuery,
  useToggleCompanyApprovalMutation,
  type ApprovalFilter,
  type CompanyListArgs,
} from '../api/companies-api';
import { CompaniesList, CompaniesSkeleton, CompaniesTable } from '../components/companies-table';
import { CompanyDetailsDrawer } from '../components/company-details-drawer';
import { useListParams } from '../../../lib/list-params';
import { ListSearchBox, useListSearch } from '../../../components/list-search';
import { countOf } from '../../../lib/plural';

const pageSize = 20;

const approvalFilters: { value: ApprovalFilter | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
];

const isApprovalFilter = (value: unknown): value is ApprovalFilter => value === 'pending' || value === 'approved';

/** Filters in the address: `?approval=pending&search=…&page=2`. */
function useCompanyFilters() {
  const { params, page, update } = useListParams();
  const approvalParam = params.get('approval');
  const approval = isApprovalFilter(approvalParam) ? approvalParam : undefined;
  const search = params.get('search') ?? '';
  return { page, approval, search, update };
}

/** #/companies (admin): every company, pending first; approve, look closer, delete. */
export function AdminCompaniesScreen() {
  usePageTitle('Companies');
  const { page, approval, search, update } = useCompanyFilters();
  const searchBox = useListSearch(search, (text) => update({ search: text }));
  const listArgs: CompanyListArgs = { page, page_size: pageSize, approval, search: search || undefined };
  const { data, error, isLoading, isFetching, isError, refetch } = useListCompaniesQuery(listArgs);
  const [toggleApproval] = useToggleCompanyApprovalMutation();
  const [deleteCompany, { isLoading: isDeleting }] = useDeleteCompanyMutation();
  const [openId, setOpenId] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<CompanyOut | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const opened = openId === null ? null : (data?.results.find((company) => company.id === openId) ?? null);
  const hasFilters = Boolean(approval || search);
  const totalPages = data ? Math.max(1, Math.ceil(data.count / pageSize)) : 1;

  const flipApproval = async (company: CompanyOut) => {
    const willApprove = !company.is_approved;
    try {
      const reply = await toggleApproval({ id: company.id, listArgs }).unwrap();
      notify({
        message: reply.is_approved
          ? `${company.name} is approved. Its open jobs are public, and its owner has been e-mailed.`
          : `${company.name} is no longer approved. Its jobs are hidden from search.`,
        color: 'teal',
      });
    } catch (failure) {
      notify({
        title: willApprove ? `${company.name} was not approved` : `${company.name} was not unapproved`,
        message: describeError(failure),
        color: 'red',
      });
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleteError(null);
    try {
      await deleteCompany(toDelete.id).unwrap();
      notify({ message: `${toDelete.name} and its jobs are deleted.`, color: 'teal' });
      if (openId === toDelete.id) setOpenId(null);
      setToDelete(null);
    } catch (failure) {
      setDeleteError(describeError(failure));
    }
  };

  const askDelete = (company: CompanyOut) => {
    setDeleteError(null);
    setToDelete(company);
  };

  const clearFilters = () => {
    searchBox.clear();
    update({ approval: null, search: '' });
  };

  const rowActions = {
    onToggleApproval: (c: CompanyOut) => void flipApproval(c),
    onOpen: (c: CompanyOut) => setOpenId(c.id),
    onDelete: askDelete,
  };

  return (
    <Page>
      <PageHeader
        title="Companies"
        description={
          data
            ? `${countOf(data.count, 'company', 'companies')}${hasFilters ? ' match' : ', pending ones first'}`
            : 'Every company on Hireloop, pending ones first.'
        }
      />
      <Card p={0}>
        <Stack gap={0}>
          <Group p="md" gap="sm" justify="space-between" wrap="wrap">
            <ListSearchBox box={searchBox} label="Search companies by name" placeholder="Search by name" />
            <SegmentedControl
              aria-label="Filter by approval"
              data={approvalFilters}
              value={approval ?? 'all'}
              onChange={(value) => update({ approval: isApprovalFilter(value) ? value : null })}
              size="sm"
            />
          </Group>

          {isLoading ? (
            <CompaniesSkeleton />
          ) : isError ? (
            <LoadFailed m="md" title="The companies could not be loaded" error={error} onRetry={() => void refetch()} />
          ) : data && data.results.length > 0 ? (
            <div aria-busy={isFetching}>
              <Box visibleFrom="md">
                <CompaniesTable companies={data.results} {...rowActions} />
              </Box>
              <Box hiddenFrom="md">
                <CompaniesList companies={data.results} {...rowActions} />
              </Box>
            </div>
          ) : (
            <EmptyState
              py="xl"
              px="md"
              icon={<BuildingIcon size={24} />}
              withIndicatorBackground
              title={hasFilters || page > 1 ? 'No companies match' : 'No companies yet'}
              description={
                approval === 'pending' && !search
                  ? 'Nothing is waiting for approval. New companies appear here as employers submit them.'
                  : hasFilters || page > 1
                    ? 'Try another name, or show all companies.'
                    : 'Companies appear here as employers submit them.'
              }
            >
              {(hasFilters || page > 1) && (
                <EmptyState.Actions>
                  <Button variant="default" onClick={clearFilters}>
                    Show all companies
                  </Button>
                </EmptyState.Actions>
              )}
            </EmptyState>
          )}

          {data && data.count > 0 && (
            <Group justify="space-between" p="md" gap="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
              <Text size="sm" c="dimmed">
                {(page - 1) * pageSize + 1}–{Math.min(page * pageSize, data.count)} of {data.count.toLocaleString()}
              </Text>
              {totalPages > 1 && (
                <Pagination
                  total={totalPages}
                  value={Math.min(page, totalPages)}
                  onChange={(next) => update({ page: next })}
                  size="sm"
                  siblings={0}
                  getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                  getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
                />
              )}
            </Group>
          )}
        </Stack>
      </Card>

      <CompanyDetailsDrawer
        company={opened}
        onClose={() => setOpenId(null)}
        onToggleApproval={(c) => void flipApproval(c)}
        onDelete={askDelete}
      />

      <ConfirmModal
        opened={toDelete !== null}
        title={toDelete ? `Delete ${toDelete.name}?` : 'Delete the company?'}
        confirmLabel="Delete company and jobs"
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
        isWorking={isDeleting}
        error={deleteError}
      >
        {toDelete && (
          <Text size="sm">
            {toDelete.name} and all of its jobs go too
            {toDelete.open_jobs_count > 0 ? `, including ${countOf(toDelete.open_jobs_count, 'open job')}` : ''}.
            {toDelete.owner ? ` ${toDelete.owner.full_name}’s account stays; they can submit a company again.` : ''} This cannot be undone.
          </Text>
        )}
      </ConfirmModal>
    </Page>
  );
}
