import { statusLabels, type TimelineEntry, type TimelineOut } from '@jobportal/shared';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/access';
import { authorize } from '../../policies/policy';
import { findHistories } from '../applications';
import * as moves from './pipeline-moves.repository';

const when = (at: Date, timeZone: string) =>
  `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(at)} (${timeZone})`;

/** An application's story for the job seeker (and the company): nothing left unsaid (issue #50). */
export function createTimelineService({ db }: { db: Db }) {
  return {
    /** The timeline; a company member opening it is the company's first look at the applicant (recorded once). */
    async get(viewer: Viewer, id: number): Promise<TimelineOut> {
      const facts = await moves.findTimelineFacts(db, id);
      authorize(viewer, 'application.timeline', facts && { jobseekerId: facts.jobseekerId, companyId: facts.companyId });
      const a = facts!;
      let firstViewedAt = a.firstViewedAt;
      if (viewer.role === 'employer' && viewer.companyId === a.companyId && !firstViewedAt) {
        await moves.markFirstViewed(db, id);
        firstViewedAt = (await moves.findTimelineFacts(db, id))?.firstViewedAt ?? null;
      }
      const [histories, interviews] = await Promise.all([findHistories(db, [id]), moves.findTimelineInterviews(db, id)]);
      const entries: TimelineEntry[] = [{ kind: 'applied', at: a.appliedAt.toISOString(), text: `Applied to ${a.jobTitle}` }];
      if (firstViewedAt) entries.push({ kind: 'viewed', at: firstViewedAt.toISOString(), text: `First viewed by ${a.companyName}` });
      for (const h of histories.get(id) ?? []) {
        if (h.status === 'applied') continue;
        const text =
          h.changedBy === 'system'
            ? 'Closed after 30 days without an answer'
            : h.status === 'withdrawn'
              ? 'Withdrawn'
              : `Moved to ${statusLabels[h.status]}`;
        entries.push({ kind: 'status', at: h.changedAt.toISOString(), status: h.status, text });
      }
      for (const i of interviews) {
        const text =
          i.status === 'offered'
            ? 'Interview times offered'
            : i.status === 'cancelled'
              ? 'Interview cancelled'
              : `Interview ${i.status === 'completed' ? 'held' : 'scheduled'}${i.scheduledTime ? ` for ${when(i.scheduledTime, i.timeZone)}` : ''}`;
        entries.push({ kind: 'interview', at: i.createdAt.toISOString(), text });
      }
      entries.sort((x, y) => x.at.localeCompare(y.at));
      return { application: id, job_title: a.jobTitle, company_name: a.companyName, entries, auto_close: a.autoClose };
    },
  };
}
export type TimelineService = ReturnType<typeof createTimelineService>;
