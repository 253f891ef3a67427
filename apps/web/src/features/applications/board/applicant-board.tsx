import { useEffect, useState } from 'react';
import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ApplicationStatus } from '@jobportal/shared';
import { applicationStatuses, isApplicationStatus } from '@jobportal/shared/vocabulary';
import { statusView } from '../../../components/application-status';
import { countOf } from '../../../lib/plural';
import { describeError } from '../../../lib/api/api-error';
import { useGetApplicantBoardQuery } from '../api/applications-api';
import { BoardColumn } from './board-column';
import { moveInstructionsId } from './board-card';
import classes from './board.module.css';
import { useBoardMove } from './use-board-move';
import type { BoardSelection } from './use-board-selection';

/** Narrower than this, the board shows one column at a time with a switcher. */
export const phoneQuery = '(max-width: 48em)';

/**
 * A job's applicants as a board: a column per status in pipeline order. Cards move by drag and
 * drop or by keyboard (see useBoardMove); checkboxes fill `selection` for actions on many at once.
 */
export function ApplicantBoard({ jobId, search, selection }: { jobId: number; search: string | undefined; selection: BoardSelection }) {
  const isPhone = useMediaQuery(phoneQuery, false, { getInitialValueInEffect: false });
  const [shown, setShown] = useState<ApplicationStatus | null>(null);
  const move = useBoardMove({ jobId, onShowColumn: setShown });
  // One call answers every column's count and first page; a column's further pages are the list's.
  const board = useGetApplicantBoardQuery({ jobId, search });
  const firstPages = board.data?.columns;
  const countOfColumn = (status: ApplicationStatus) => firstPages?.find((c) => c.status === status)?.count ?? 0;
  // A phone opens on the first column that has anyone in it.
  useEffect(() => {
    if (firstPages && shown === null) setShown(firstPages.find((c) => c.count > 0)?.status ?? 'applied');
  }, [firstPages, shown]);
  const current = shown ?? 'applied';
  const columns = isPhone ? [current] : applicationStatuses;
  if (board.isError && !firstPages) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text size="sm">The board could not be loaded: {describeError(board.error)}</Text>
        <Button size="xs" variant="default" onClick={() => void board.refetch()}>
          Retry
        </Button>
      </Stack>
    );
  }
  return (
    <>
      <p id={moveInstructionsId} hidden>
        Press space or enter to pick up this applicant, right and left arrows to choose a column, space or enter to drop, escape to cancel.
      </p>
      <div aria-live="assertive" aria-atomic="true" className={classes.visuallyHidden}>
        {move.announcement}
      </div>
      <Group justify="space-between" gap="xs" mb="xs" mih={30}>
        <Text size="sm" c="dimmed">
          {selection.count > 0
            ? `${countOf(selection.count, 'applicant')} selected`
            : isPhone
              ? 'Choose a column; move a card with its menu.'
              : 'Drag a card, or pick it up with space, to move it.'}
        </Text>
        {selection.count > 0 && (
          <Button size="xs" variant="subtle" onClick={selection.clear}>
            Clear selection
          </Button>
        )}
      </Group>
      {isPhone && (
        <NativeSelect
          mb="sm"
          label="Column"
          value={current}
          onChange={(event) => {
            if (isApplicationStatus(event.currentTarget.value)) setShown(event.currentTarget.value);
          }}
          data={applicationStatuses.map((s) => ({ value: s, label: `${statusView[s].label} (${countOfColumn(s).toLocaleString()})` }))}
        />
      )}
      <div className={`${classes.board} ${isPhone ? classes.phone : ''}`}>
        {columns.map((status) => (
          <BoardColumn
            key={status}
            jobId={jobId}
            status={status}
            search={search}
            firstPage={firstPages?.find((c) => c.status === status)}
            move={move}
            selection={selection}
            isPhone={isPhone}
          />
        ))}
      </div>
    </>
  );
}
