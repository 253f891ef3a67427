import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { PrivacyPageScreen } from './privacy-page-screen';

afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const { requests } = mockFetch((request) =>
    request.url === '/api/config/'
      ? jsonResponse(200, { googleClientId: null, productName: 'Hireloop' })
      : jsonResponse(404, { detail: 'No', code: 'not_found' }),
  );
  const rendered = renderRoutes(
    [
      { path: '/privacy', element: <PrivacyPageScreen /> },
      { path: '/account/privacy', element: <p>privacy and data screen</p> },
    ],
    { path: '/privacy' },
  );
  return { ...rendered, requests };
}

describe('PrivacyPageScreen', () => {
  it('shows, signed out, how long each kind of data is kept and why', async () => {
    const { requests } = renderPage();
    expect(await screen.findByRole('heading', { name: 'How long we keep data' })).toBeInTheDocument();
    const table = screen.getByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...within(row).queryAllByRole('columnheader'), ...within(row).queryAllByRole('cell')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['What', 'Kept', 'Why'],
      ['A copy of your data (the zip)', '24 hours after it is ready', 'A copy of everything is the most sensitive file we hold.'],
      [
        'What a deleted job seeker leaves: applications, interviews, feedback, conversations (shown as "Former member")',
        '180 days after the deletion, then all of it',
        'Companies may need their hiring record to finish a process or answer a claim.',
      ],
      [
        'Applications with no change',
        '24 months, then deleted with their interviews, feedback and resume',
        'The usual limit for candidate records.',
      ],
      ['Sign-in history (ended sessions)', '90 days after they ended', 'Enough to look into a suspicious sign-in.'],
      ['The audit log', 'Always', 'An append-only record of who changed what; a deletion is logged without your e-mail or name.'],
    ]);
    expect(screen.getByText(/only you can download it, for 24 hours\./)).toBeInTheDocument();
    // A public page: nothing asked of the API that needs a sign-in.
    expect(requests.every((r) => r.authorization === null)).toBe(true);
    expect(requests.filter((r) => r.url.startsWith('/api/account/'))).toEqual([]);
  });

  it('links to Privacy and data, where the self-service is', async () => {
    const { currentLocation } = renderPage();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('link', { name: 'Privacy and data' }));
    expect(await screen.findByText('privacy and data screen')).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/account/privacy');
  });
});
