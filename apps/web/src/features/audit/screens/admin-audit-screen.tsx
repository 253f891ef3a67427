import '../../../components/extra-styles';
import { useState } from 'react';
import { Box, Button, Drawer, Group, Stack } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { ListFrame } from '../../../components/list-frame';
import type { AuditEntry } from '@jobportal/shared';
import { ShieldIcon } from '../../../components/icons';
import { FilterIcon } from '../../../components/more-icons';
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
  const listQuery = useListAuditEntriesQuery(toListArgs(filters, page), {
    refetchOnMountOrArgChange: true,
  });
  const { data } = listQuery;

  const filterCount = activeFilterCount(filters);
  const hasFilters = filterCount > 0;

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
      <ListFrame
        toolbar={
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
        }
        query={listQuery}
        failedTitle="The audit log could not be loaded"
        skeleton={<AuditSkeleton />}
        rows={{
          wide: <AuditTable entries={data?.results ?? []} {...rowActions} />,
          narrow: <AuditList entries={data?.results ?? []} {...rowActions} />,
        }}
        empty={
          <EmptyState
            icon={<ShieldIcon size={24} />}
            title={hasFilters || page > 1 ? 'No audit entries match these filters' : 'No audit entries yet'}
            description={
              hasFilters || page > 1
                ? 'Try a wider date range or fewer filters.'
                : 'Application moves, company approvals and changes to categories and skills appear here as people make them.'
            }
            onClear={hasFilters || page > 1 ? clearFilters : undefined}
          />
        }
        page={page}
        pageSize={pageSize}
        onPage={(next) => update({ page: next })}
        breakpoint="md"
      />

      <Drawer opened={isDrawerOpen} onClose={() => setDrawerOpen(false)} title="Filter the audit log" position="bottom" size="auto">
        <Stack gap="md" pb="md">
          <AuditFilterFields {...filterProps} cols={{ base: 1 }} />
          <Button onClick={() => setDrawerOpen(false)}>{data ? `Show ${countOf(data.count, 'entry', 'entries')}` : 'Show entries'}</Button>
        </Stack>
      </Drawer>
    </Page>
  );
}
