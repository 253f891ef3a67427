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
  SeekerInterviews: lazyPart(async () => (await import('../features/interviews/components/seeker-interviews')).SeekerInterviews),
  AlertMeButton: lazyPart(async () => (await import('../features/job-alerts/components/alert-me-button')).AlertMeButton),
};
