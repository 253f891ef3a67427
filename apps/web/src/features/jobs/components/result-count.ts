import { countOf } from '../../../lib/plural';

/** "About 12,000 jobs" when the count is an estimate, else "12,345 jobs". */
export function countText(count: number, isEstimate: boolean): string {
  return isEstimate ? `About ${countOf(count, 'job')}` : countOf(count, 'job');
}
