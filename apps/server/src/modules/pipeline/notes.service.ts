import type { NoteOut } from '@jobportal/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Viewer } from '../../lib/access';
import type { EventBus } from '../../lib/events';
import { authorize } from '../../policies/policy';
import { findApplicationFacts, type ApplicationFacts } from '../applications';
import { insertNotifications, type NewNotification } from '../notifications';
import { findMembers } from '../teams';
import { findMentions } from './mentions';
import { presentNote } from './pipeline.presenter';
import * as repo from './pipeline.repository';

/** Where a mention takes the teammate: the job's applicants, that applicant's notes open. */
export const noteLink = (jobId: number, applicationId: number) => `/EmployerJobapplicants/${jobId}?applicant=${applicationId}`;

/** The team's private notes on an application (issue #50; decision 023). */
export function createNotesService({ db, events }: { db: Db; events: EventBus }) {
  async function applicationFor(viewer: Viewer, id: number): Promise<ApplicationFacts> {
    const facts = await findApplicationFacts(db, id);
    authorize(viewer, 'application.notes', facts && { jobseekerId: facts.jobseekerId, companyId: facts.companyId });
    return facts!;
  }

  async function noteFor(viewer: Viewer, id: number) {
    const note = await repo.findNote(db, id);
    const application = note && (await findApplicationFacts(db, note.applicationId));
    authorize(viewer, 'note.edit', application && { companyId: application.companyId, authorId: note!.authorId });
    return { note: note!, application: application! };
  }

  /** The teammates newly mentioned (never the author), and the bell each of them hears. */
  async function mentionsOf(body: string, a: ApplicationFacts, author: Viewer, before: number[] = []) {
    const team = await findMembers(db, a.companyId);
    const ids = findMentions(body, team);
    const authorName = team.find((m) => m.userId === author.userId)?.fullName ?? 'A teammate';
    const notices: NewNotification[] = ids
      .filter((id) => id !== author.userId && !before.includes(id))
      .map((userId) => ({
        userId,
        type: 'note_mention',
        message: `${authorName} mentioned you in a note on ${a.jobseekerName} (${a.jobTitle}).`,
        link: noteLink(a.jobId, a.id),
      }));
    return { ids, notices };
  }

  async function load(id: number, viewer: Viewer): Promise<NoteOut> {
    const row = await repo.findNote(db, id);
    if (!row) throw notFound('That note');
    return presentNote(row, viewer.userId);
  }

  return {
    async list(viewer: Viewer, applicationId: number): Promise<{ results: NoteOut[] }> {
      await applicationFor(viewer, applicationId);
      return { results: (await repo.findNotes(db, applicationId)).map((n) => presentNote(n, viewer.userId)) };
    },

    async create(viewer: Viewer, applicationId: number, body: string): Promise<NoteOut> {
      const a = await applicationFor(viewer, applicationId);
      const mentions = await mentionsOf(body, a, viewer);
      const id = await db.transaction(async (tx) => {
        const noteId = await repo.insertNote(tx, { applicationId, authorId: viewer.userId, body, mentionedIds: mentions.ids });
        await insertNotifications(tx, mentions.notices);
        return noteId;
      });
      if (mentions.notices.length) await events.emit('notifications.created', {});
      return load(id, viewer);
    },

    /** The author edits their note; teammates newly mentioned hear of it (those mentioned before do not again). */
    async update(viewer: Viewer, id: number, body: string): Promise<NoteOut> {
      const { note, application } = await noteFor(viewer, id);
      const mentions = await mentionsOf(
        body,
        application,
        viewer,
        note.mentions.map((m) => m.id),
      );
      await db.transaction(async (tx) => {
        await repo.updateNote(tx, id, { body, mentionedIds: mentions.ids });
        await insertNotifications(tx, mentions.notices);
      });
      if (mentions.notices.length) await events.emit('notifications.created', {});
      return load(id, viewer);
    },

    async remove(viewer: Viewer, id: number): Promise<void> {
      await noteFor(viewer, id);
      await repo.deleteNote(db, id);
    },
  };
}
export type NotesService = ReturnType<typeof createNotesService>;
