import { lazy, Suspense, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import type { FeatureParts } from '../lib/feature-parts';

/** A part in its own chunk, loaded when a screen first shows it; `fallback` keeps its place meanwhile. */
function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null): ComponentType<P> {
  const Part = lazy(async () => ({ default: await load() }));
  return function LazyPart(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Part {...(props as ComponentProps<typeof Part>)} />
      </Suspense>
    );
  };
}

/** The parts the app hands to features that show another feature's UI (lib/feature-parts.tsx). */
export const featureParts: FeatureParts = {
  SaveJobButton: lazyPart(
    async () => (await import('../features/saved-jobs/components/save-job-button')).SaveJobButton,
    // The place of an ActionIcon of size lg.
    <span style={{ display: 'inline-block', width: 34, height: 34 }} />,
  ),
  CompanyJobs: lazyPart(async () => (await import('../features/jobs/components/company-jobs')).CompanyJobs),
  SeekerInterviews: lazyPart(async () => (await import('../features/interviews/components/seeker-interviews')).SeekerInterviews),
  NotesPanel: lazyPart(async () => (await import('../features/pipeline/components/notes-panel')).NotesPanel),
  BulkActionBar: lazyPart(async () => (await import('../features/pipeline/components/bulk-action-bar')).BulkActionBar),
  ApplicationTimeline: lazyPart(async () => (await import('../features/pipeline/components/application-timeline')).ApplicationTimeline),
  MessageTemplates: lazyPart(async () => (await import('../features/pipeline/components/message-templates')).MessageTemplates),
};
