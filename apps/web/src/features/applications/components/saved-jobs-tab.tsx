import { ListSkeleton, pageOf, pageSize } from './application-list-parts';
import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { ListFrame } from '../../../components/list-frame';
import { notify } from '../../../lib/notify';
import type { SavedJobOut } from '@jobportal/shared';
import { useSearchParams } from 'react-router';
import { CompanyLogo } from '../../../components/company-logo';
import { BookmarkIcon } from '../../../components/more-icons';
import { describeError } from '../../../lib/api/api-error';
import { useGetSavedJobsQuery, useUnsaveJobMutation } from '../../saved-jobs/api/saved-jobs-api';
import { formatDateTime, formatRecent } from '../../../lib/format';
import { formatPay } from '../../../lib/money';
import classes from '../screens/applications.module.css';
import { countOf } from '../../../lib/plural';
import { RealPathLink } from '../../../components/real-path-link';

export function SavedRow({ saved }: { saved: SavedJobOut }) {
  const [unsave, { isLoading }] = useUnsaveJobMutation();
  const job = saved.job;
  const salary = formatPay(job.salary_min, job.salary_max, job.currency);
  const remove = async () => {
    try {
      await unsave({ jobId: job.id, savedId: saved.id }).unwrap();
    } catch (e) {
      notify({ color: 'red', message: `Could not unsave the job. ${describeError(e)}` });
    }
  };
  return (
    <Card component="li" className={classes.row}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <CompanyLogo name={job.company.name} logo={job.company.logo} size={44} />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Anchor component={RealPathLink} to={`/job/${job.id}`} fw={600} className={classes.title}>
            {job.title}
          </Anchor>
          <Text size="sm">
            {job.company.name} · {job.location}
            {salary ? ` · ${salary}` : ''}
          </Text>
          <Text size="xs" c="dimmed" title={formatDateTime(saved.saved_at)}>
            Saved {formatRecent(saved.saved_at)}
          </Text>
        </Stack>
        <Button
          size="compact-sm"
          variant="subtle"
          color="gray"
          onClick={() => void remove()}
          loading={isLoading}
          aria-label={`Unsave ${job.title}`}
          leftSection={<BookmarkIcon size={14} filled />}
        >
          Unsave
        </Button>
      </Group>
    </Card>
  );
}

export function SavedTab() {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params.get('page'));
  const listQuery = useGetSavedJobsQuery({ page });
  const { data } = listQuery;
  return (
    <ListFrame
      isCarded={false}
      toolbar={
        data && data.count > 0 ? (
          <Text size="sm" c="dimmed">
            {countOf(data.count, 'saved job')}
          </Text>
        ) : undefined
      }
      query={listQuery}
      failedTitle="Your saved jobs could not be loaded"
      skeleton={<ListSkeleton />}
      rows={
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {data?.results.map((saved) => (
            <SavedRow key={saved.id} saved={saved} />
          ))}
        </Stack>
      }
      empty={
        <EmptyState
          place="section"
          icon={<BookmarkIcon size={24} />}
          title="No saved jobs."
          description="Save jobs from the search with the bookmark to come back to them."
          link={{ to: '/', label: 'Find jobs' }}
        />
      }
      page={page}
      pageSize={pageSize}
      onPage={(next) => {
        const nextParams = new URLSearchParams(params);
        nextParams.set('page', String(next));
        setParams(nextParams);
      }}
    />
  );
}
