import { Alert, Box, Button, Card, EmptyState, Group, Pagination, SegmentedControl, Stack, Text } from '@mantine/core';
import type { Role } from '@jobportal/shared';
import { limits } from '@jobportal/shared/vocabulary';
import { AlertIcon, UserIcon } from '../../../components/icons';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { describeError } from '../../../lib/api/api-error';
import { isRole } from '../../../lib/session/session';
import { useListUsersQuery } from '../api/users-api';
import { UsersList, UsersListSkeleton, UsersTable, UsersTableSkeleton } from '../components/users-table';
import { usePageTitle } from '../../../components/use-page-title';
import { useListParams } from '../../../lib/list-params';
import { ListSearchBox, useListSearch } from '../../../components/list-search';

const pageSize = limits.pageSizeDefault;

const roleFilters: { value: Role | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'jobseeker', label: 'Seekers' },
  { value: 'employer', label: 'Employers' },
  { value: 'admin', label: 'Admins' },
];

/** Filters live in the address, so a filtered list can be shared and survives a reload. */
function useUserFilters() {
  const { params, page, update } = useListParams();
  const roleParam = params.get('role');
  const role = isRole(roleParam) ? roleParam : undefined;
  const search = params.get('search') ?? '';
  return { page, role, search, update };
}

export function AdminDashboardScreen() {
  usePageTitle('Users');
  const { page, role, search, update } = useUserFilters();
  const searchBox = useListSearch(search, (text) => update({ search: text }));

  const { data, error, isLoading, isFetching, isError, refetch } = useListUsersQuery({
    page,
    page_size: pageSize,
    role,
    search: search || undefined,
  });

  const hasFilters = Boolean(role || search);
  const totalPages = data ? Math.max(1, Math.ceil(data.count / pageSize)) : 1;
  const first = data && data.count > 0 ? (page - 1) * pageSize + 1 : 0;
  const last = data ? Math.min(page * pageSize, data.count) : 0;

  const clearFilters = () => {
    searchBox.clear();
    update({ role: null, search: '' });
  };

  return (
    <Page>
      <PageHeader
        title="Users"
        description={
          data
            ? `${data.count.toLocaleString()} ${data.count === 1 ? 'account' : 'accounts'}${hasFilters ? ' match' : ' on Hireloop'}`
            : 'Every account on Hireloop.'
        }
      />
      <Card p={0}>
        <Stack gap={0}>
          <Group p="md" gap="sm" justify="space-between" wrap="wrap">
            <ListSearchBox
              box={searchBox}
              label="Search users by name or e-mail"
              placeholder="Search by name or e-mail"
              flex="1 1 240px"
              maw={360}
            />
            <SegmentedControl
              aria-label="Filter by role"
              data={roleFilters}
              value={role ?? 'all'}
              onChange={(value) => update({ role: isRole(value) ? value : null })}
              size="sm"
              style={{ flex: '1 1 280px' }}
              maw={{ sm: 380 }}
            />
          </Group>

          {isLoading ? (
            <>
              <Box visibleFrom="sm">
                <UsersTableSkeleton />
              </Box>
              <Box hiddenFrom="sm">
                <UsersListSkeleton />
              </Box>
            </>
          ) : isError ? (
            <Alert m="md" color="red" variant="light" icon={<AlertIcon />} title="The users could not be loaded">
              <Text size="sm" mb="sm">
                {describeError(error)}
              </Text>
              <Button size="xs" variant="white" color="red" onClick={() => void refetch()}>
                Try again
              </Button>
            </Alert>
          ) : data && data.results.length > 0 ? (
            <div aria-busy={isFetching} style={{ opacity: isFetching ? 0.6 : 1, transition: 'opacity 120ms' }}>
              <Box visibleFrom="sm">
                <UsersTable users={data.results} />
              </Box>
              <Box hiddenFrom="sm">
                <UsersList users={data.results} />
              </Box>
            </div>
          ) : (
            <EmptyState
              py="xl"
              px="md"
              icon={<UserIcon size={24} />}
              withIndicatorBackground
              title={hasFilters || page > 1 ? 'No users match these filters' : 'No users yet'}
              description={
                hasFilters || page > 1 ? 'Try another name or e-mail, or show every role.' : 'Accounts appear here as people sign up.'
              }
            >
              {(hasFilters || page > 1) && (
                <EmptyState.Actions>
                  <Button variant="default" onClick={clearFilters}>
                    Clear filters
                  </Button>
                </EmptyState.Actions>
              )}
            </EmptyState>
          )}

          {data && data.count > 0 && (
            <Group justify="space-between" p="md" gap="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
              <Text size="sm" c="dimmed">
                {first}–{last} of {data.count.toLocaleString()}
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
    </Page>
  );
}
