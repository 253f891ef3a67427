import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { sessionFor } from '../../test/sessions';
import { browserTimeZone } from '../../lib/zoned-time';
import TimeZoneSync, { timeZoneSentKey } from './time-zone-sync';

const zone = browserTimeZone();
const account = { id: 7, email: 'jobseeker@example.com', full_name: 'Ada Lovelace', role: 'jobseeker', time_zone: zone };

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('TimeZoneSync', () => {
  it("sends the browser's zone once per session, and again when it changed", async () => {
    const { requests } = mockFetch(() => jsonResponse(200, account));
    const first = renderWithProviders(<TimeZoneSync />, sessionFor('jobseeker'));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({
      url: '/api/account/',
      method: 'PATCH',
      body: { time_zone: zone },
      authorization: 'Bearer access-1',
    });
    expect(sessionStorage.getItem(timeZoneSentKey(7))).toBe(zone);
    first.unmount();

    // A new page load in the same session: nothing to send.
    const second = renderWithProviders(<TimeZoneSync />, sessionFor('jobseeker'));
    await new Promise((r) => setTimeout(r, 50));
    expect(requests).toHaveLength(1);
    second.unmount();

    // The zone sent last differs from the browser's now (the person travelled): sent again.
    sessionStorage.setItem(timeZoneSentKey(7), 'Pacific/Auckland');
    renderWithProviders(<TimeZoneSync />, sessionFor('jobseeker'));
    await waitFor(() => expect(requests).toHaveLength(2));
  });

  it('tries again on the next load when the call failed', async () => {
    const { requests } = mockFetch(() => jsonResponse(503, { code: 'unavailable', detail: 'Down for a moment.' }));
    renderWithProviders(<TimeZoneSync />, sessionFor('employer'));
    await waitFor(() => expect(requests.length).toBeGreaterThan(0));
    await waitFor(() => expect(sessionStorage.getItem(timeZoneSentKey(7))).toBeNull());
  });

  it('sends nothing when signed out', async () => {
    const { requests } = mockFetch(() => jsonResponse(200, account));
    renderWithProviders(<TimeZoneSync />);
    await new Promise((r) => setTimeout(r, 50));
    expect(requests).toHaveLength(0);
  });
});
