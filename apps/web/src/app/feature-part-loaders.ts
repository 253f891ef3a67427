import type { FeatureParts } from '../lib/feature-parts';

/**
 * Where each feature part lives. This table loads on the first use of any part, so the app shell
 * (on every first load, the sign-in screen's too) carries the parts' names only (docs/decisions/004).
 */
export const partLoaders: { [Name in keyof FeatureParts]: () => Promise<FeatureParts[Name]> } = {
  SaveJobButton: async () => (await import('../features/saved-jobs/components/save-job-button')).SaveJobButton,
  CompanyJobs: async () => (await import('../features/jobs/components/company-jobs')).CompanyJobs,
  SeekerInterviews: async () => (await import('../features/interviews/components/seeker-interviews')).SeekerInterviews,
  NotesPanel: async () => (await import('../features/pipeline/components/notes-panel')).NotesPanel,
  BulkActionBar: async () => (await import('../features/pipeline/components/bulk-action-bar')).BulkActionBar,
  ApplicationTimeline: async () => (await import('../features/pipeline/components/application-timeline')).ApplicationTimeline,
  MessageTemplates: async () => (await import('../features/pipeline/components/message-templates')).MessageTemplates,
  AlertMeButton: async () => (await import('../features/job-alerts/components/alert-me-button')).AlertMeButton,
};
