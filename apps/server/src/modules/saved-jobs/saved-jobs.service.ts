import type { PaginationQuery, SavedJobOut } from '@jobportal/shared';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { Viewer } from '../../lib/access';
import type { PagedRows } from '../../lib/pagination';
import { utcToday } from '../../lib/dates';
import { presentSavedJob } from './saved-jobs.presenter';
import * as repo from './saved-jobs.repository';

export function createSavedJobsService({ db }: { db: Db }) {
  return {
    async list(viewer: Viewer, q: PaginationQuery): Promise<PagedRows<SavedJobOut>> {
      const { rows, total } = await repo.findSavedJobs(db, viewer.userId, q, utcToday());
      return { rows: rows.map(presentSavedJob), total };
    },

    /** Saves a public job; saving it again answers the saved job that exists (`created: false`). */
    async save(viewer: Viewer, jobId: number): Promise<{ saved: SavedJobOut; created: boolean }> {
      if (!(await repo.isJobPublic(db, jobId, utcToday()))) throw new AppError('not_found', 'This job is no longer available.');
      const { id, created } = await repo.saveJob(db, viewer.userId, jobId);
      const row = await repo.findSavedJob(db, id);
      if (!row) throw notFound('That saved job');
      return { saved: presentSavedJob(row), created };
    },

    async remove(viewer: Viewer, id: number): Promise<void> {
      if (!(await repo.deleteSavedJob(db, viewer.userId, id))) throw notFound('That saved job');
    },

    ids: (viewer: Viewer) => repo.findSavedJobIds(db, viewer.userId, utcToday()),
  };
}
export type SavedJobsService = ReturnType<typeof createSavedJobsService>;
