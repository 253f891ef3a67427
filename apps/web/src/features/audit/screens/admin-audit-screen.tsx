import '../../../components/extra-styles';
import { useState } from 'react';
import { Box, Button, Card, Drawer, EmptyState, Group, Pagination, Stack, Text } from '@mantine/core';
import type { AuditEntry } from '@jobportal/shared';
import { ShieldIcon } from '../../../components/icons';
import { FilterIcon } from '../../../components/more-icons';
import { LoadFailed } from '../../../components/load-failed';
import { Page } from '../../../components/page';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../components/use-page-title';
import { useListAuditEntriesQuery } from '../api/audit-api';
import { AuditFilterChips, AuditFilterFields, activeFilterCount } from '../components/audit-filters';
import { AuditList, AuditSkeleton, AuditTable } from '../components/audit-table';
import { pageSize, toListArgs, useActorBox, useAuditFilters } from '../hooks/use-audit-filters';
import { countOf } from '../../../lib/plural';

const noFilters = { action: null, object_type: null, object_id: null, actor: null, actor_email: null, since: null, until: null };

/** #/admin/audit (admin): who changed what and when, newest first; filters and page in the address. */
export function AdminAuditScreen() {
  usePageTitle('Audit log');
  const { filters, page, update } = useAuditFilters();
  const actorBox = useActorBox(filters.actor ?? filters.actorEmail ?? '', (changes) => update(changes));
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  // Other people's changes write the log too: ask again whenever the screen opens.
  const { data, error, isLoading, isFetching, isError, refetch } = useListAuditEntriesQuery(toListArgs(filters, page), {
    refetchOnMountOrArgChange: true,
  });

  const filterCount = activeFilterCount(filters);
  const hasFilters = filterCount > 0;
  const totalPages = data ? Math.max(1, Math.ceil(data.count / pageSize)) : 1;

  const clearFilters = () => {
    actorBox.clear();
    update(noFilters);
  };
  const rowActions = {
    onActor: (actor: NonNullable<AuditEntry['actor']>) => actorBox.set(String(actor.id)),
    onObject: (entry: AuditEntry) => update({ object_type: entry.object_type, object_id: entry.object_id }),
  };
  const filterProps = { filters, actorBox, update };

  return (
    <Page>
      <PageHeader
        title="Audit log"
        description={
          data ? `${countOf(data.count, 'entry', 'entries')}${hasFilters ? ' match' : ', newest first'}` : 'Who changed what, and when.'
        }
      />
      <Card p={0}>
        <Stack gap={0}>
          <Stack p="md" gap="sm">
            <Box visibleFrom="sm">
              <AuditFilterFields {...filterProps} cols={{ base: 1, sm: 3, lg: 5 }} />
            </Box>
            <Group hiddenFrom="sm" justify="space-between">
              <Button variant="default" leftSection={<FilterIcon size={16} />} onClick={() => setDrawerOpen(true)}>
                {filterCount ? `Filters (${filterCount})` : 'Filters'}
              </Button>
            </Group>
            <AuditFilterChips {...filterProps} onClearAll={clearFilters} />
          </Stack>

          {isLoading ? (
            <AuditSkeleton />
          ) : isError ? (
            <LoadFailed m="md" title="The audit log could not be loaded" error={error} onRetry={() => void refetch()} />
          ) : data && data.results.length > 0 ? (
            <div aria-busy={isFetching}>
              <Box visibleFrom="md">
                <AuditTable entries={data.results} {...rowActions} />
              </Box>
              <Box hiddenFrom="md">
                <AuditList entries={data.results} {...rowActions} />
              </Box>
            </div>
          ) : (
            <EmptyState
              py="xl"
              px="md"
              icon={<ShieldIcon size={24} />}
              withIndicatorBackground
              title={hasFilters || page > 1 ? 'No audit entries match these filters' : 'No audit entries yet'}
              description={
                hasFilters || page > 1
                  ? 'Try a wider date range or fewer filters.'
                  : 'Application moves, company approvals and changes to categories and skills appear here as people make them.'
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

      <Drawer opened={isDrawerOpen} onClose={() => setDrawerOpen(false)} title="Filter the audit log" position="bottom" size="auto">
        <Stack gap="md" pb="md">
          <AuditFilterFields {...filterProps} cols={{ base: 1 }} />
          <Button onClick={() => setDrawerOpen(false)}>{data ? `Show ${countOf(data.count, 'entry', 'entries')}` : 'Show entries'}</Button>
        </Stack>
      </Drawer>
    </Page>
  );
}
