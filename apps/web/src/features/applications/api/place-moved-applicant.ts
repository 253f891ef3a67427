import type { ApplicantBoard, ApplicantList, ApplicantOut, ApplicationStatus } from '@jobportal/shared';

type PageArgs = { page: number; status?: ApplicationStatus; search?: string };

/**
 * Shows a move in one cached page of a job's applicants before the server answers: the applicant
 * leaves a page of its old status, joins the first page of its new one (by date applied, newest
 * first, as the server orders them), takes the new status in an unfiltered page, and the counts follow.
 */
export function placeMovedApplicant(draft: ApplicantList, args: PageArgs, moved: ApplicantOut, to: ApplicationStatus): void {
  const from = moved.status;
  if (from === to) return;
  draft.status_counts[from] = Math.max(0, (draft.status_counts[from] ?? 0) - 1);
  draft.status_counts[to] = (draft.status_counts[to] ?? 0) + 1;
  placeInPage(draft, args, moved, to);
}

/** The same for the board's first view: each column is the first page of its status. */
export function placeMovedOnBoard(draft: ApplicantBoard, args: { search?: string }, moved: ApplicantOut, to: ApplicationStatus): void {
  if (moved.status === to) return;
  for (const column of draft.columns) placeInPage(column, { page: 1, status: column.status, search: args.search }, moved, to);
}

function placeInPage(draft: { results: ApplicantOut[]; count: number }, args: PageArgs, moved: ApplicantOut, to: ApplicationStatus) {
  const from = moved.status;
  const index = draft.results.findIndex((a) => a.id === moved.id);
  if (!args.status) {
    if (index >= 0) draft.results[index] = { ...moved, status: to, allowed_statuses: [] };
    return;
  }
  if (args.status === from) {
    if (index >= 0) draft.results.splice(index, 1);
    draft.count = Math.max(0, draft.count - 1);
  } else if (args.status === to) {
    draft.count += 1;
    if (args.page !== 1 || args.search || index >= 0) return;
    const at = draft.results.findIndex((a) => a.applied_at < moved.applied_at);
    draft.results.splice(at < 0 ? draft.results.length : at, 0, { ...moved, status: to, allowed_statuses: [] });
  }
}
