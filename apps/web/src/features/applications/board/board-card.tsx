import { useEffect, useRef } from 'react';
import { Anchor, Badge, Checkbox, Group, NativeSelect, Text } from '@mantine/core';
import type { ApplicantOut } from '@jobportal/shared';
import { isApplicationStatus } from '@jobportal/shared/vocabulary';
import { statusView } from '../../../components/application-status';
import { Link } from 'react-router';
import { CalendarIcon } from '../../../components/more-icons';
import { formatDateTime, formatRecent } from '../../../lib/format';
import { countOf } from '../../../lib/plural';
import { ApplicantPhoto } from '../components/applicant-photo';
import classes from './board.module.css';
import { cardFocusId, type BoardMove } from './use-board-move';
import type { BoardSelection } from './use-board-selection';

/** The id of the board's instructions for keyboard moves, which every card's handle points to. */
export const moveInstructionsId = 'board-move-instructions';

function InterviewLine({ interview }: { interview: NonNullable<ApplicantOut['interview']> }) {
  return (
    <Text size="xs" c="dimmed">
      <CalendarIcon size={12} /> {interview.is_upcoming ? 'Interview' : 'Last interview'} {formatDateTime(interview.starts_at)}
    </Text>
  );
}

/** Where a card may go, as a menu: phones have no dragging, and one column shows at a time. */
function MoveMenu({ item, move }: { item: ApplicantOut; move: BoardMove }) {
  if (item.allowed_statuses.length === 0) return null;
  return (
    <NativeSelect
      size="xs"
      mt={4}
      aria-label={`Move ${item.applicant.full_name} to`}
      value=""
      onChange={(event) => {
        const to = event.currentTarget.value;
        if (isApplicationStatus(to)) void move.move(item, to);
      }}
      data={[{ value: '', label: 'Move to…' }, ...item.allowed_statuses.map((s) => ({ value: s, label: statusView[s].label }))]}
    />
  );
}

interface CardProps {
  item: ApplicantOut;
  move: BoardMove;
  selection: BoardSelection;
  hasMoveMenu: boolean;
}

/** One applicant on the board: picked up with Space or Enter on its name, or dragged (or moved with its menu on phones). */
export function BoardCard({ item, move, selection, hasMoveMenu }: CardProps) {
  const name = item.applicant.full_name;
  const isHeld = move.held?.item.id === item.id;
  const handle = useRef<HTMLButtonElement>(null);
  const { focus } = move;
  const shouldFocus = focus.id === item.id;
  useEffect(() => {
    if (!shouldFocus) return;
    handle.current?.focus();
    focus.done();
  }, [shouldFocus, focus]);
  return (
    <li className={classes.card} data-held={isHeld} {...move.cardProps(item)}>
      <Group gap="xs" wrap="nowrap" align="center">
        <Checkbox
          size="xs"
          aria-label={`Select ${name}`}
          checked={selection.isSelected(item.id)}
          onChange={() => selection.toggle(item.id)}
        />
        <button
          type="button"
          ref={handle}
          id={cardFocusId(item.id)}
          className={classes.handle}
          aria-roledescription="movable card"
          aria-describedby={moveInstructionsId}
          aria-pressed={isHeld}
          onKeyDown={(event) => move.onCardKeyDown(event, item)}
          onBlur={() => move.onCardBlur(item)}
        >
          <ApplicantPhoto applicant={item.applicant} size={32} />
          <span style={{ minWidth: 0 }}>
            <span className={classes.name}>{name}</span>
            {item.applicant.current_job_title && (
              <Text component="span" size="xs" c="dimmed" display="block" truncate>
                {item.applicant.current_job_title}
              </Text>
            )}
          </span>
        </button>
      </Group>
      <Text size="xs" c="dimmed" mt={4} title={formatDateTime(item.applied_at)}>
        Applied {formatRecent(item.applied_at)}
      </Text>
      {item.match_reasons.map((reason) => (
        <Text key={reason} size="xs">
          {reason}
        </Text>
      ))}
      {item.interview && <InterviewLine interview={item.interview} />}
      {hasMoveMenu && <MoveMenu item={item} move={move} />}
      <Group gap="xs" mt={4} justify="space-between">
        {item.unread_messages > 0 ? (
          <Badge size="xs" variant="light" color="indigo" tt="none">
            {countOf(item.unread_messages, 'unread message')}
          </Badge>
        ) : (
          <span />
        )}
        <Anchor component={Link} to={`/jobseekerprofile/${item.applicant.id}`} size="xs" aria-label={`Profile of ${name}`}>
          Profile
        </Anchor>
      </Group>
    </li>
  );
}
