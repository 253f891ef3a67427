import { useFeatureParts } from '../../../lib/feature-parts';
import { TeamSection } from './team-section';

/** The company's hiring settings: its team, and the message templates the team answers applicants with. */
export function HiringSettings({ companyId }: { companyId: number }) {
  const { MessageTemplates } = useFeatureParts();
  return (
    <>
      <TeamSection companyId={companyId} />
      <MessageTemplates companyId={companyId} />
    </>
  );
}
