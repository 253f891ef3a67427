import '../../../components/extra-styles';
import { useState } from 'react';
import { Group, SegmentedControl, Text } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { ListFrame } from '../../../components/list-frame';
import { notify } from '../../../lib/notify';
import type { CompanyOut } from '@jobportal/shared';
import { ConfirmModal } from '../../../components/confirm-modal';
import { BuildingIcon } from '../../../components/more-icons';
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
  const listQuery = useListCompaniesQuery(listArgs);
  const { data } = listQuery;
  const [toggleApproval] = useToggleCompanyApprovalMutation();
  const [deleteCompany, { isLoading: isDeleting }] = useDeleteCompanyMutation();
  const [openId, setOpenId] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<CompanyOut | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const opened = openId === null ? null : (data?.results.find((company) => company.id === openId) ?? null);
  const hasFilters = Boolean(approval || search);

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
      <ListFrame
        toolbar={
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
        }
        query={listQuery}
        failedTitle="The companies could not be loaded"
        skeleton={<CompaniesSkeleton />}
        rows={{
          wide: <CompaniesTable companies={data?.results ?? []} {...rowActions} />,
          narrow: <CompaniesList companies={data?.results ?? []} {...rowActions} />,
        }}
        empty={
          <EmptyState
            icon={<BuildingIcon size={24} />}
            title={hasFilters || page > 1 ? 'No companies match' : 'No companies yet'}
            description={
              approval === 'pending' && !search
                ? 'Nothing is waiting for approval. New companies appear here as employers submit them.'
                : hasFilters || page > 1
                  ? 'Try another name, or show all companies.'
                  : 'Companies appear here as employers submit them.'
            }
            onClear={hasFilters || page > 1 ? clearFilters : undefined}
            clearLabel="Show all companies"
          />
        }
        page={page}
        pageSize={pageSize}
        onPage={(next) => update({ page: next })}
        breakpoint="md"
      />

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
