import type { ReactNode } from 'react';
import { Box, Card, Group, Pagination, Stack, Text } from '@mantine/core';
import { LoadFailed } from './load-failed';

/** One face for every width, or a table from the breakpoint up and a stacked list below it. */
type Faces = ReactNode | { wide: ReactNode; narrow: ReactNode };

/** What the frame reads of a list's query: RTK Query's result fits as it is. */
interface ListQuery {
  data?: { count: number; results: readonly unknown[] };
  isLoading: boolean;
  isFetching?: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

interface ListFrameProps {
  /** The list's query: its page of rows and count, and whether it is loading, fetching or failed. */
  query: ListQuery;
  /** The search box and filters above the list. */
  toolbar?: ReactNode;
  /** The failed face's title ("The job seekers could not be loaded"). */
  failedTitle: string;
  /** Skeletons shaped like the rows. */
  skeleton: Faces;
  /** The full face. */
  rows: Faces;
  /** The empty face (`EmptyState`: a sentence and the next step). */
  empty: ReactNode;
  /** The page shown. */
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** Where `wide` faces give way to `narrow` ones. */
  breakpoint?: 'sm' | 'md';
  /** In a bordered card (tables, admin lists), or open on the page (lists of cards). */
  isCarded?: boolean;
  /** How the pager differs (the job search: its count said above the list, at most 500 pages). */
  pager?: Pick<ListPagerProps, 'range' | 'maxPages' | 'siblings'>;
}

const isSplit = (faces: Faces): faces is { wide: ReactNode; narrow: ReactNode } =>
  typeof faces === 'object' && faces !== null && 'wide' in faces && 'narrow' in faces;

/**
 * The frame of every paged list: a toolbar, then the four faces of a data area (loading skeletons,
 * failed with a retry, empty, full), then "21–40 of N" with the pager. The lists differ only in
 * their rows and words.
 */
export function ListFrame(props: ListFrameProps) {
  const { query, isCarded = true, breakpoint = 'sm' } = props;
  const count = query.data?.count;
  const shown = query.data?.results.length ?? 0;
  // No page and not loading is a failure too (a query that errs keeps no data).
  const isFailed = query.isError || (!query.isLoading && !query.data);
  const both = (faces: Faces) =>
    isSplit(faces) ? (
      <>
        <Box visibleFrom={breakpoint}>{faces.wide}</Box>
        <Box hiddenFrom={breakpoint}>{faces.narrow}</Box>
      </>
    ) : (
      faces
    );
  const body = (
    <>
      {props.toolbar}
      {query.isLoading ? (
        both(props.skeleton)
      ) : isFailed ? (
        <LoadFailed m={isCarded ? 'md' : undefined} title={props.failedTitle} error={query.error} onRetry={() => void query.refetch()} />
      ) : shown > 0 ? (
        <div aria-busy={query.isFetching} style={{ opacity: query.isFetching ? 0.6 : 1, transition: 'opacity 120ms' }}>
          {both(props.rows)}
        </div>
      ) : (
        props.empty
      )}
      {!isFailed && count !== undefined && count > 0 && (
        <ListPager count={count} shown={shown} page={props.page} pageSize={props.pageSize} onPage={props.onPage} isCarded={isCarded} />
      )}
    </>
  );
  return isCarded ? (
    <Card p={0} withBorder radius="md">
      <Stack gap={0}>{body}</Stack>
    </Card>
  ) : (
    <Stack gap="md">{body}</Stack>
  );
}

interface ListPagerProps {
  count: number;
  shown: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  isCarded?: boolean;
  /** Said in place of "21–40 of N"; null: nothing (the job search says its count above the list, maybe as an estimate). */
  range?: ReactNode;
  /** At most this many pages are offered (the job search stops at 500). */
  maxPages?: number;
  siblings?: number;
}

/** "21–40 of N" and the pager: the foot of `ListFrame`, and of the job search's results. */
export function ListPager({ count, shown, page, pageSize, onPage, isCarded, range, maxPages, siblings = 0 }: ListPagerProps) {
  const totalPages = Math.min(Math.max(1, Math.ceil(count / pageSize)), maxPages ?? Infinity);
  const first = (page - 1) * pageSize + 1;
  const last = Math.min((page - 1) * pageSize + shown, count);
  if (range === null && totalPages <= 1) return null;
  return (
    <Group
      justify={range === null ? 'center' : 'space-between'}
      p={isCarded ? 'md' : undefined}
      gap="sm"
      style={isCarded ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
    >
      {range === undefined ? (
        <Text size="sm" c="dimmed">
          {first.toLocaleString()}–{last.toLocaleString()} of {count.toLocaleString()}
        </Text>
      ) : (
        range
      )}
      {totalPages > 1 && (
        <Pagination
          total={totalPages}
          value={Math.min(page, totalPages)}
          onChange={onPage}
          size={isCarded ? 'sm' : undefined}
          siblings={siblings}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      )}
    </Group>
  );
}
