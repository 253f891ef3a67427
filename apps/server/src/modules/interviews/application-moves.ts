// An application's move with its interviews (to interview_scheduled) and feedback (to interviewed),
// inside the caller's transaction; interviews.service.ts and feedbacks.service.ts use these.
import { statusLabels, type ApplicationStatus } from '@jobportal/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Viewer } from '../../lib/access';
import type { DomainEvents, EventBus } from '../../lib/events';
import { eventFactsOf, insertHistory, updateStatus, type ApplicationFacts } from '../applications';
import { recordAudit } from '../audit';
import { writeNotifications } from '../notifications';

/** Applications before `to` move there with an interview (scheduled) or feedback (interviewed). */
const movesTo = (status: ApplicationStatus, to: 'interview_scheduled' | 'interviewed') => {
  const order: ApplicationStatus[] = ['applied', 'reviewed', 'interview_scheduled', 'interviewed'];
  return order.indexOf(status) >= 0 && order.indexOf(status) < order.indexOf(to);
};

export const finalApplication = (status: ApplicationStatus) =>
  new AppError(
    'conflict',
    `This application is ${statusLabels[status].toLowerCase()}, which is final: it can't get new interviews or feedback.`,
  );

type Move = { from: ApplicationStatus; to: ApplicationStatus };

function moveEvent(facts: ApplicationFacts, move: Move, by: Viewer): DomainEvents['application.status_changed'] {
  return { ...eventFactsOf(facts), from: move.from, to: move.to, changedBy: 'employer', changedByUserId: by.userId };
}

/**
 * Moves an application forward inside the caller's transaction, with its history, audit entry and
 * the job seeker's notification. Answers the move for the event the caller emits after the commit
 * (undefined when it stayed).
 */
export async function advanceApplication(
  tx: Db,
  facts: ApplicationFacts,
  app: { id: number; status: ApplicationStatus },
  to: 'interview_scheduled' | 'interviewed',
  by: Viewer,
): Promise<Move | undefined> {
  if (!movesTo(app.status, to)) return undefined;
  if (!(await updateStatus(tx, app.id, app.status, to))) return undefined;
  await insertHistory(tx, { applicationId: app.id, status: to, changedBy: 'employer', changedByUserId: by.userId });
  await recordAudit(tx, {
    by,
    action: 'application.status_changed',
    objectType: 'application',
    objectId: app.id,
    before: { status: app.status },
    after: { status: to },
  });
  const move = { from: app.status, to };
  await writeNotifications(tx, 'application.status_changed', moveEvent(facts, move, by));
  return move;
}

/** Tells the listeners of an application's move (after the commit). */
export async function emitApplicationMove(events: EventBus, facts: ApplicationFacts, move: Move, by: Viewer) {
  await events.emit('application.status_changed', moveEvent(facts, move, by));
}
