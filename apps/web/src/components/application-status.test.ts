import { describe, expect, it } from 'vitest';
import {
  applicationStatuses,
  applicationStatuses as applicationStatusValues,
  finalStatuses,
  isOpenStatus,
  statusLabels,
} from '@jobportal/shared/vocabulary';
import { statusView } from './application-status';

describe('statusView', () => {
  it('names every status as the contract does, in its order', () => {
    expect(applicationStatusValues).toEqual([...applicationStatuses]);
    for (const status of applicationStatuses) expect(statusView[status].label).toBe(statusLabels[status]);
  });

  it('gives each status its own colour', () => {
    const colours = applicationStatusValues.map((status) => statusView[status].color);
    expect(new Set(colours).size).toBe(colours.length);
  });

  it('calls open exactly the statuses that are not final', () => {
    for (const status of applicationStatuses) expect(isOpenStatus(status)).toBe(!finalStatuses.includes(status));
  });
});
