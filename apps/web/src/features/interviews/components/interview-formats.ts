import type { InterviewOut } from '@jobportal/shared';
import { interviewModeLabels } from '@jobportal/shared/vocabulary';
import { formatInZone } from '../../../lib/zoned-time';

/** "Video call · https://…", "In person · Main office", "Phone". */
export function howAndWhere(i: Pick<InterviewOut, 'mode' | 'location' | 'meeting_link'>, { withLink = true } = {}): string {
  const place = i.mode === 'in_person' ? i.location : withLink ? i.meeting_link : null;
  return place ? `${interviewModeLabels[i.mode]} · ${place}` : interviewModeLabels[i.mode];
}

/** "Tue, 2 Jun 2031, 10:00 – 11:00 CEST" in a zone. */
export function timeRange(i: Pick<InterviewOut, 'scheduled_time' | 'end_time'>, timeZone: string): string {
  if (!i.scheduled_time || !i.end_time) return 'Time not picked yet';
  return `${formatInZone(i.scheduled_time, timeZone)} – ${formatInZone(i.end_time, timeZone, { timeOnly: true, withZone: true })}`;
}
