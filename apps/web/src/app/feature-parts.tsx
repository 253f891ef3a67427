import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { FeatureParts } from '../lib/feature-parts';

/**
 * A part in its own chunk, loaded when a screen first shows it (its place in ./feature-part-loaders);
 * `fallback` keeps its place meanwhile.
 */
function lazyPart<Name extends keyof FeatureParts>(name: Name, fallback: ReactNode = null): FeatureParts[Name] {
  const Part = lazy(async () => {
    const { partLoaders } = await import('./feature-part-loaders');
    return { default: (await partLoaders[name]()) as ComponentType<object> };
  });
  function LazyPart(props: object) {
    return (
      <Suspense fallback={fallback}>
        <Part {...props} />
      </Suspense>
    );
  }
  return LazyPart as FeatureParts[Name];
}

/** The parts the app hands to features that show another feature's UI (lib/feature-parts.tsx). */
export const featureParts: FeatureParts = {
  // The place of an ActionIcon of size lg.
  SaveJobButton: lazyPart('SaveJobButton', <span style={{ display: 'inline-block', width: 34, height: 34 }} />),
  CompanyJobs: lazyPart('CompanyJobs'),
  SeekerInterviews: lazyPart('SeekerInterviews'),
  NotesPanel: lazyPart('NotesPanel'),
  BulkActionBar: lazyPart('BulkActionBar'),
  ApplicationTimeline: lazyPart('ApplicationTimeline'),
  MessageTemplates: lazyPart('MessageTemplates'),
  AlertMeButton: lazyPart('AlertMeButton'),
};
