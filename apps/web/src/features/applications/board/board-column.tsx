import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ApplicantBoard, ApplicationStatus } from '@jobportal/shared';
import { statusView } from '../../../components/application-status';
import { useGetApplicantsQuery } from '../api/applications-api';
import { pageSize } from '../components/application-list-parts';
import { BoardCard } from './board-card';
import classes from './board.module.css';
import type { BoardMove } from './use-board-move';
import type { BoardSelection } from './use-board-selection';

interface ColumnProps {
  jobId: number;
  status: ApplicationStatus;
  search: string | undefined;
  /** The column's count and first page, from the board's one call (undefined while it loads). */
  firstPage: ApplicantBoard['columns'][number] | undefined;
  move: BoardMove;
  selection: BoardSelection;
  /** One column at a time: cards move with a menu instead of by dragging. */
  isPhone: boolean;
}

/**
 * Calls `load` when the element scrolls into view: within the column's list where it scrolls by
 * itself (wide screens), else within the page (phones). Where the browser cannot tell, the button works.
 */
function useLoadWhenSeen(load: () => void, isReady: boolean) {
  const ref = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    const element = ref.current;
    if (!element || !isReady || typeof IntersectionObserver === 'undefined') return;
    const scrolls =
      list.current && getComputedStyle(list.current).overflowY === 'auto' && getComputedStyle(list.current).maxHeight !== 'none';
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { root: scrolls ? list.current : null, rootMargin: '0px 0px 200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isReady]);
  return { more: ref, list };
}

/** One loaded page of a column's cards: the first from the board's call, the next ones from the list. */
function ColumnPage({ page, ...props }: ColumnProps & { page: number }) {
  const { data } = useGetApplicantsQuery({ jobId: props.jobId, page, status: props.status, search: props.search }, { skip: page === 1 });
  return (page === 1 ? props.firstPage : data)?.results.map((item) => (
    <BoardCard key={item.id} item={item} move={props.move} selection={props.selection} hasMoveMenu={props.isPhone} />
  ));
}

/** A status's column: its count, its cards page by page (only loaded pages are drawn), more as its end shows. */
export function BoardColumn(props: ColumnProps) {
  const { jobId, status, search, firstPage, move } = props;
  const [pages, setPages] = useState(1);
  const last = useGetApplicantsQuery({ jobId, page: pages, status, search }, { skip: pages === 1 });
  const count = firstPage?.count;
  const isLastLoaded = pages === 1 ? !!firstPage : !!last.data;
  const left = count === undefined ? 0 : count - pages * pageSize;
  const showMore = () => setPages((p) => p + 1);
  const seen = useLoadWhenSeen(showMore, isLastLoaded && left > 0);
  const headingId = `board-column-${status}`;
  const label = statusView[status].label;
  return (
    <section
      className={classes.column}
      aria-labelledby={headingId}
      data-target={move.held?.over === status || move.dragOver === status}
      {...move.columnProps(status)}
    >
      <div className={classes.columnHeader}>
        <Title order={2} size="h6" id={headingId}>
          {label}
        </Title>
        <Badge color={statusView[status].color} variant="light" aria-label={`${count ?? 0} in ${label}`}>
          {count?.toLocaleString() ?? '…'}
        </Badge>
      </div>
      <ul className={classes.cards} aria-labelledby={headingId} ref={seen.list}>
        {Array.from({ length: pages }, (_, i) => (
          <ColumnPage key={i + 1} page={i + 1} {...props} />
        ))}
        {!isLastLoaded && !last.isError && (
          <Stack gap="xs" aria-busy="true" aria-label={`Loading ${label}`} component="li">
            <Skeleton height={72} radius="md" />
            <Skeleton height={72} radius="md" />
          </Stack>
        )}
        {isLastLoaded && left > 0 && (
          <li>
            <Button ref={seen.more} variant="subtle" size="xs" fullWidth onClick={showMore}>
              Show {Math.min(left, pageSize)} more
            </Button>
          </li>
        )}
      </ul>
      {pages > 1 && last.isError && (
        <Stack gap={4} p="sm">
          <Text size="sm">The next applicants could not be loaded.</Text>
          <Button size="xs" variant="default" onClick={() => void last.refetch()}>
            Retry
          </Button>
        </Stack>
      )}
      {count === 0 && (
        <Text size="sm" c="dimmed" px="sm" pb="sm">
          {search ? 'Nobody here matches.' : 'Nobody here yet.'}
        </Text>
      )}
    </section>
  );
}
