import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import type { ApplicantOut, ApplicationStatus } from '@jobportal/shared';
import { applicationStatuses } from '@jobportal/shared/vocabulary';
import { statusView } from '../../../components/application-status';
import { describeError } from '../../../lib/api/api-error';
import { notify } from '../../../lib/notify';
import { useChangeApplicationStatusMutation } from '../api/applications-api';

/** A card picked up by keyboard: where it is and which column it would drop in. */
export interface HeldCard {
  item: ApplicantOut;
  over: ApplicationStatus;
}

/** The id of a card's focusable part. */
export const cardFocusId = (applicationId: number) => `board-card-${applicationId}`;

const label = (status: ApplicationStatus) => statusView[status].label;
const nameOf = (item: ApplicantOut) => item.applicant.full_name;
const isDropKey = (key: string) => key === ' ' || key === 'Enter';

/**
 * Moving cards between the board's columns by drag and drop and by keyboard alone (Space or Enter
 * picks up, Left and Right choose the column, Space or Enter drops, Escape cancels), each step said
 * in `announcement` for screen readers. The move itself is optimistic (see changeApplicationStatus):
 * a refusal puts the card back and says the rule's reason.
 */
export function useBoardMove({ jobId, onShowColumn }: { jobId: number; onShowColumn: (status: ApplicationStatus) => void }) {
  const [held, setHeldState] = useState<HeldCard | null>(null);
  // What is held right now, also between a key press and the render it causes: a card removed from
  // its column by a drop loses focus before that render, and must not read as "left while held".
  const heldNow = useRef<HeldCard | null>(null);
  const setHeld = (next: HeldCard | null) => {
    heldNow.current = next;
    setHeldState(next);
  };
  const [dragOver, setDragOver] = useState<ApplicationStatus | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusId, setFocusId] = useState<number | null>(null);
  const dragged = useRef<ApplicantOut | null>(null);
  const [change] = useChangeApplicationStatusMutation();

  async function move(item: ApplicantOut, to: ApplicationStatus) {
    const from = item.status;
    if (to === from) {
      setAnnouncement(`${nameOf(item)} dropped back in ${label(from)}.`);
      return;
    }
    onShowColumn(to);
    setFocusId(item.id);
    setAnnouncement(`Moving ${nameOf(item)} to ${label(to)}.`);
    try {
      await change({ applicationId: item.id, jobId, status: to }).unwrap();
      setAnnouncement(`${nameOf(item)} dropped in ${label(to)}.`);
    } catch (error) {
      const reason = describeError(error);
      setAnnouncement(`${nameOf(item)} could not move to ${label(to)}: ${reason} Back in ${label(from)}.`);
      notify({ color: 'red', title: `${nameOf(item)} stays in ${label(from)}`, message: reason });
      onShowColumn(from);
      setFocusId(item.id);
    }
  }

  function onCardKeyDown(event: KeyboardEvent, item: ApplicantOut) {
    if (!held || held.item.id !== item.id) {
      if (!isDropKey(event.key) || held) return;
      event.preventDefault();
      setHeld({ item, over: item.status });
      setAnnouncement(
        `Picked up ${nameOf(item)}, in ${label(item.status)}. Press right and left arrows to move, space to drop, escape to cancel.`,
      );
      return;
    }
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      const next = applicationStatuses[applicationStatuses.indexOf(held.over) + (event.key === 'ArrowRight' ? 1 : -1)];
      if (!next) {
        setAnnouncement(`${nameOf(item)} is over ${label(held.over)}, the ${event.key === 'ArrowRight' ? 'last' : 'first'} column.`);
        return;
      }
      setHeld({ item, over: next });
      setAnnouncement(`${nameOf(item)} is over ${label(next)}${next === item.status ? ', where it is now' : ''}.`);
    } else if (isDropKey(event.key)) {
      event.preventDefault();
      setHeld(null);
      void move(item, held.over);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancel(item);
    }
  }

  /** Puts a picked-up card down where it was (Escape, or focus leaving it). */
  function cancel(item: ApplicantOut) {
    setHeld(null);
    setAnnouncement(`Move cancelled. ${nameOf(item)} stays in ${label(item.status)}.`);
  }

  const onCardBlur = (item: ApplicantOut) => {
    if (heldNow.current?.item.id === item.id) cancel(item);
  };

  const cardProps = (item: ApplicantOut) => ({
    draggable: true,
    onDragStart: (event: DragEvent) => {
      dragged.current = item;
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', String(item.id));
      setAnnouncement(`Dragging ${nameOf(item)} from ${label(item.status)}.`);
    },
    onDragEnd: () => {
      dragged.current = null;
      setDragOver(null);
    },
  });

  const columnProps = (status: ApplicationStatus) => ({
    onDragOver: (event: DragEvent) => {
      if (!dragged.current) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (dragOver !== status) setDragOver(status);
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragOver((now) => (now === status ? null : now));
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      const item = dragged.current;
      dragged.current = null;
      setDragOver(null);
      if (item) void move(item, status);
    },
  });

  /** Focus follows a moved card to its new column (or back): the card with this id takes it once shown. */
  const focus = { id: focusId, done: () => setFocusId(null) };
  return { held, dragOver, announcement, focus, move, onCardKeyDown, onCardBlur, cardProps, columnProps };
}
export type BoardMove = ReturnType<typeof useBoardMove>;
