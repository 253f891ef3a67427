import type { z } from 'zod';
import type { employerDashboard, jobseekerDashboard } from '@jobportal/shared';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/access';
import { utcToday } from '../../lib/dates';
import {
  countMyApplicationsByStatus,
  cardFactsOf,
  countsByStatus,
  findApplicantCards,
  findHistories,
  findRecentApplicants,
  findRecentApplications,
  presentApplicant,
  presentApplication,
} from '../applications';
import type { MatchingJobsService } from '../matching-jobs';
import type { ProfilesService } from '../profiles';
import { findSavedJobs, presentSavedJob } from '../saved-jobs';
import * as repo from './dashboards.repository';

const recent = 5;

export function createDashboardsService(deps: { db: Db; profiles: ProfilesService; matchingJobs: MatchingJobsService }) {
  const { db } = deps;
  return {
    /** The job seeker's numbers for charts, and the items to act on: recent applications, saved and matching jobs. */
    async forJobseeker(viewer: Viewer): Promise<z.infer<typeof jobseekerDashboard>> {
      const profile = await deps.profiles.getOwn(viewer);
      const [byStatus, applications, saved, matches] = await Promise.all([
        countMyApplicationsByStatus(db, viewer.userId),
        findRecentApplications(db, viewer.userId, recent),
        findSavedJobs(db, viewer.userId, { page: 1, page_size: recent }, utcToday()),
        deps.matchingJobs.find(viewer, { page: 1, page_size: recent }),
      ]);
      const histories = await findHistories(
        db,
        applications.map((a) => a.application.id),
      );
      return {
        applications_by_status: countsByStatus(byStatus),
        recent_applications: applications.map((a) => presentApplication(a, histories.get(a.application.id) ?? [])),
        saved_jobs_count: saved.total,
        saved_jobs: saved.rows.map(presentSavedJob),
        matching_jobs: matches.rows,
        profile_completeness: profile.completeness.percent,
      };
    },

    /** The numbers of the employer's company for charts (per status, per job) and the newest applicants. */
    async forEmployer(viewer: Viewer): Promise<z.infer<typeof employerDashboard>> {
      // Serial ids start at 1: an employer without a company reads zeros.
      const companyId = viewer.companyId ?? 0;
      const [jobCounts, byStatus, byJob, applicants] = await Promise.all([
        repo.countEmployerJobs(db, companyId),
        repo.countEmployerApplicationsByStatus(db, companyId),
        repo.countApplicationsByJob(db, companyId, 10),
        findRecentApplicants(db, companyId, recent),
      ]);
      const ids = applicants.map((a) => a.application.id);
      const [histories, cards] = await Promise.all([findHistories(db, ids), findApplicantCards(db, ids)]);
      return {
        jobs_posted: jobCounts.posted,
        open_jobs: jobCounts.open,
        applications_total: [...byStatus.values()].reduce((sum, n) => sum + n, 0),
        applications_by_status: countsByStatus(byStatus),
        applications_by_job: byJob.map((j) => ({ job_id: j.jobId, title: j.title, count: j.count })),
        recent_applicants: applicants.map((a) => ({
          ...presentApplicant(a, histories.get(a.application.id) ?? [], cardFactsOf(cards, a.application.id)),
          job_title: a.jobTitle,
        })),
      };
    },
  };
}
export type DashboardsService = ReturnType<typeof createDashboardsService>;
