import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/**
 * UI of one feature that screens of another show. A feature imports no other feature's components
 * (docs/decisions/010-web-contract.md), so the app layer hands them in here (`app/feature-parts.ts`)
 * and the screens take them from `useFeatureParts()`. The props are written out, not imported, for
 * the same reason.
 */
export interface FeatureParts {
  /** features/saved-jobs: save or unsave a job (job search, job page; signed-in job seekers). */
  SaveJobButton: ComponentType<{ jobId: number; jobTitle: string; variant?: 'icon' | 'button'; fullWidth?: boolean }>;
  /** features/interviews: a job seeker's interviews, of one application or all upcoming ones. */
  SeekerInterviews: ComponentType<{ applicationId?: number; when?: 'upcoming'; empty?: string }>;
  /** features/jobs: a company's open jobs, searchable and paged (the company page). */
  CompanyJobs: ComponentType<{ companyId: number; companyName: string }>;
  /** features/pipeline: the hiring team's notes on an applicant, with @mentions. */
  NotesPanel: ComponentType<{ applicationId: number; companyId: number }>;
  /** features/pipeline: act on the selected applicants of a job (move, reject with a template, export CSV). */
  BulkActionBar: ComponentType<{
    job: { id: number; title: string; companyId: number };
    selectedIds: number[];
    names?: Readonly<Record<number, string>>;
    onDone?: () => void;
  }>;
  /** features/pipeline: an application's timeline (applied, first viewed, moves, interviews). */
  ApplicationTimeline: ComponentType<{ applicationId: number }>;
  /** features/pipeline: the company's message templates (company settings). */
  MessageTemplates: ComponentType<{ companyId: number }>;
  /** features/job-alerts: "Alert me" on the job search (job seekers and visitors); criteria as GET /api/jobs/ takes them. */
  AlertMeButton: ComponentType<{ criteria: Partial<Record<string, string>>; name?: string }>;
}

const FeaturePartsContext = createContext<FeatureParts | null>(null);

export function FeaturePartsProvider({ parts, children }: { parts: FeatureParts; children: ReactNode }) {
  return <FeaturePartsContext.Provider value={parts}>{children}</FeaturePartsContext.Provider>;
}

export function useFeatureParts(): FeatureParts {
  const parts = useContext(FeaturePartsContext);
  if (!parts) throw new Error('useFeatureParts: no FeaturePartsProvider above (app/providers.tsx, test/render.tsx).');
  return parts;
}
