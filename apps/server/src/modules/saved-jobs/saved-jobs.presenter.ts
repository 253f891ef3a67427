import type { SavedJobOut } from '@jobportal/shared';
import { presentJobSummary } from '../jobs';
import type { SavedJobRecord } from './saved-jobs.repository';

export function presentSavedJob(row: SavedJobRecord): SavedJobOut {
  return { id: row.id, job: presentJobSummary(row.job), saved_at: row.savedAt.toISOString() };
}
