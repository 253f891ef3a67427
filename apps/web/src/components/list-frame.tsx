import type { ReactNode } from 'react';
import { Box, Card, Group, Pagination, Stack, Text } from '@mantine/core';
import { LoadFailed } from './load-failed';

interface ListFrameProps {
  /** The search box and filters above the list. */
  toolbar?: ReactNode;
  isLoading: boolean;
  isFetching?: boolean;
  isError: boolean;
  error?: unknown;
  onRetry: () => void;
  /** The failed face's title ("The job seekers could not be loaded"). */
  failedTitle: string;
  /** Skeletons shaped like the rows: `wide` for the table, `narrow` for the phone list. */
  skeleton: { wide: ReactNode; narrow: ReactNode };
  /** The full face: the table on wide screens and the stacked list on phones. */
  rows: { wide: ReactNode; narrow: ReactNode };
  /** The empty face (a sentence and the next step). */
  empty: ReactNode;
  /** How many match in all (undefined while loading), and the page shown. */
  count: number | undefined;
  shown: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}

/**
 * The admin lists' frame: a toolbar, then the four faces of a data area (loading skeletons, failed
 * with a retry, empty, full: a table from `sm` up and a stacked list on phones), then "21–40 of N"
 * with the pager. The lists differ only in their rows and words.
 */
export function ListFrame(props: ListFrameProps) {
  const { count, page, pageSize } = props;
  const totalPages = count ? Math.max(1, Math.ceil(count / pageSize)) : 1;
  const first = count ? (page - 1) * pageSize + 1 : 0;
  const last = count ? Math.min((page - 1) * pageSize + props.shown, count) : 0;
  const both = (faces: { wide: ReactNode; narrow: ReactNode }) => (
    <>
      <Box visibleFrom="sm">{faces.wide}</Box>
      <Box hiddenFrom="sm">{faces.narrow}</Box>
    </>
  );
  return (
    <Card p={0} withBorder radius="md">
      <Stack gap={0}>
        {props.toolbar}
        {props.isLoading ? (
          both(props.skeleton)
        ) : props.isError ? (
          <LoadFailed m="md" title={props.failedTitle} error={props.error} onRetry={props.onRetry} />
        ) : props.shown > 0 ? (
          <div aria-busy={props.isFetching} style={{ opacity: props.isFetching ? 0.6 : 1, transition: 'opacity 120ms' }}>
            {both(props.rows)}
          </div>
        ) : (
          props.empty
        )}
        {!props.isError && count !== undefined && count > 0 && (
          <Group justify="space-between" p="md" gap="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <Text size="sm" c="dimmed">
              {first.toLocaleString()}–{last.toLocaleString()} of {count.toLocaleString()}
            </Text>
            {totalPages > 1 && (
              <Pagination total={totalPages} value={Math.min(page, totalPages)} onChange={props.onPage} size="sm" siblings={0} />
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
