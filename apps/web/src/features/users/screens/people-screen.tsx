import '../../../components/extra-styles';
import { useState } from 'react';
import { Button, Checkbox, Group, Select } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { isPersonOrdering, limits, personOrderingLabels, personOrderings, type PersonKind } from '@jobportal/shared/vocabulary';
import { ListFrame } from '../../../components/list-frame';
import { ListSearchBox, useListSearch } from '../../../components/list-search';
import { PlusIcon, UserIcon } from '../../../components/more-icons';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/use-page-title';
import { useListParams } from '../../../lib/list-params';
import { useListPeopleQuery, type PersonTable } from '../api/users-api';
import { PeopleList, PeopleListSkeleton, PeopleTable, PeopleTableSkeleton, type Person } from '../components/people-table';
import { PersonDrawer } from '../components/person-drawer';
import { DeletePersonModal, PersonFormModal, ToggleActiveModal } from '../components/person-modals';

const pageSize = limits.pageSizeDefault;
const orderingOptions = personOrderings.map((value) => ({ value, label: personOrderingLabels[value] }));
const statusOptions = [
  { value: 'all', label: 'Everyone' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Deactivated' },
];

const words = {
  jobseekers: { title: 'Job seekers', one: 'job seeker', many: 'job seekers', add: 'New job seeker' },
  employers: { title: 'Employers', one: 'employer', many: 'employers', add: 'New employer' },
} as const;

/**
 * The table's state in the address: `?search=…&status=inactive&ordering=full_name&page=3&person=12`
 * (`recruiters=1` on the employers' table), so a view can be shared and survives a reload.
 */
function usePeopleParams(table: PersonTable) {
  const { params, page, update } = useListParams();
  const ordering = params.get('ordering');
  const status = params.get('status');
  const person = Number(params.get('person'));
  return {
    page,
    update,
    search: params.get('search') ?? '',
    status: status === 'active' || status === 'inactive' ? status : 'all',
    ordering: isPersonOrdering(ordering) ? ordering : '-date_joined',
    recruitersOnly: table === 'employers' && params.get('recruiters') === '1',
    personId: Number.isInteger(person) && person > 0 ? person : null,
  };
}

function PeopleScreen({ table }: { table: PersonTable }) {
  const w = words[table];
  usePageTitle(w.title);
  const { page, update, search, status, ordering, recruitersOnly, personId } = usePeopleParams(table);
  const searchBox = useListSearch(search, (text) => update({ search: text }));
  const kind: PersonKind = recruitersOnly ? 'recruiters' : table;
  const listQuery = useListPeopleQuery({
    kind,
    page,
    page_size: pageSize,
    ordering,
    search: search || undefined,
    is_active: status === 'all' ? undefined : status === 'active' ? 'true' : 'false',
  });
  const { data } = listQuery;
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Person | null>(null);
  const [toggling, setToggling] = useState<Person | null>(null);
  const [deleting, setDeleting] = useState<Person | null>(null);

  const people = data?.results ?? [];
  const open = (id: number | null) => update({ person: id }, { keepPage: true });
  const shownPerson = personId === null ? undefined : people.find((p) => p.id === personId);
  const hasFilters = Boolean(search || status !== 'all' || recruitersOnly);
  const clearFilters = () => {
    searchBox.clear();
    update({ search: '', status: null, recruiters: null });
  };

  const toolbar = (
    <Group p="md" gap="sm" wrap="wrap" align="flex-end">
      <ListSearchBox
        box={searchBox}
        label={`Search ${w.many} by name or e-mail`}
        placeholder="Search by name or e-mail"
        flex="1 1 220px"
        maw={340}
      />
      <Select
        label="Status"
        data={statusOptions}
        value={status}
        onChange={(value) => update({ status: value === 'all' ? null : value })}
        allowDeselect={false}
        w={{ base: 'calc(50% - 6px)', xs: 150 }}
      />
      <Select
        label="Sort"
        data={orderingOptions}
        value={ordering}
        onChange={(value) => update({ ordering: value === '-date_joined' ? null : value })}
        allowDeselect={false}
        w={{ base: 'calc(50% - 6px)', xs: 190 }}
      />
      {table === 'employers' && (
        <Checkbox
          label="Recruiters only"
          checked={recruitersOnly}
          onChange={(e) => update({ recruiters: e.currentTarget.checked ? '1' : null })}
          mb={8}
        />
      )}
    </Group>
  );

  return (
    <Page>
      <PageHeader
        title={w.title}
        description={
          data
            ? `${data.count.toLocaleString()} ${recruitersOnly ? (data.count === 1 ? 'recruiter' : 'recruiters') : data.count === 1 ? w.one : w.many}${hasFilters ? ' match' : ''}`
            : `Every ${w.one} on Hireloop.`
        }
        actions={
          <Button leftSection={<PlusIcon />} onClick={() => setCreating(true)}>
            {w.add}
          </Button>
        }
      />
      <ListFrame
        toolbar={toolbar}
        query={listQuery}
        failedTitle={`The ${w.many} could not be loaded`}
        skeleton={{ wide: <PeopleTableSkeleton />, narrow: <PeopleListSkeleton /> }}
        rows={{
          wide: <PeopleTable table={table} people={people} onOpen={open} />,
          narrow: <PeopleList table={table} people={people} onOpen={open} />,
        }}
        empty={
          <EmptyState
            icon={<UserIcon size={24} />}
            title={hasFilters || page > 1 ? `No ${recruitersOnly ? 'recruiters' : w.many} match` : `No ${w.many} yet`}
            description={
              hasFilters || page > 1
                ? 'Try another name or e-mail, or clear the filters.'
                : `Make one with “${w.add}”, or wait for sign-ups.`
            }
            onClear={hasFilters || page > 1 ? clearFilters : undefined}
          />
        }
        page={page}
        pageSize={pageSize}
        onPage={(next) => update({ page: next })}
      />
      <PersonDrawer
        person={shownPerson}
        isMissing={!listQuery.isLoading && !shownPerson}
        opened={personId !== null}
        onClose={() => open(null)}
        onEdit={setEditing}
        onToggleActive={setToggling}
        onDelete={setDeleting}
      />
      <PersonFormModal table={table} opened={creating} onClose={() => setCreating(false)} onCreated={(p) => open(p.id)} />
      <PersonFormModal table={table} person={editing ?? undefined} opened={editing !== null} onClose={() => setEditing(null)} />
      <ToggleActiveModal table={table} person={toggling} onClose={() => setToggling(null)} />
      <DeletePersonModal
        person={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          open(null);
        }}
      />
    </Page>
  );
}

/** `#/jobseekers`: every job seeker, searchable and sortable, with their details in a drawer. */
export function JobseekersScreen() {
  return <PeopleScreen table="jobseekers" />;
}

/** `#/employers`: every employer (owners and recruiters), with a filter for recruiters. */
export function EmployersScreen() {
  return <PeopleScreen table="employers" />;
}
