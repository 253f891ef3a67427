import { useEffect, useState } from 'react';
import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ApplicationStatus } from '@jobportal/shared';
import { applicationStatuses, isApplicationStatus } from '@jobportal/shared/vocabulary';
import { statusView } from '../../../components/application-status';
import { countOf } from '../../../lib/plural';
import { useGetApplicantsQuery } from '../api/applications-api';
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
  const counts = useGetApplicantsQuery({ jobId, page: 1, status: 'applied', search }).data?.status_counts;
  // A phone opens on the first column that has anyone in it.
  useEffect(() => {
    if (counts && shown === null) setShown(applicationStatuses.find((s) => counts[s] > 0) ?? 'applied');
  }, [counts, shown]);
  const current = shown ?? 'applied';
  const columns = isPhone ? [current] : applicationStatuses;
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
          data={applicationStatuses.map((s) => ({ value: s, label: `${statusView[s].label} (${(counts?.[s] ?? 0).toLocaleString()})` }))}
        />
      )}
      <div className={`${classes.board} ${isPhone ? classes.phone : ''}`}>
        {columns.map((status) => (
          <BoardColumn key={status} jobId={jobId} status={status} search={search} move={move} selection={selection} isPhone={isPhone} />
        ))}
      </div>
    </>
  );
}
