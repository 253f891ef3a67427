import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { responseTimeLabel } from '@jobportal/shared/vocabulary';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { sessionFor } from '../../../test/sessions';
import { BulkActionBar } from './bulk-action-bar';
import { mentionSuggestions, typedMention } from './mention-input';
import { NotesPanel } from './notes-panel';

afterEach(() => vi.unstubAllGlobals());

const team = [
  { id: 1, full_name: 'Olivia Owner' },
  { id: 2, full_name: 'Priya Shah' },
];

describe('mentions while typing', () => {
  it('finds the @partial at the end and suggests teammates by first or last name', () => {
    expect(typedMention('Ask @pri')).toBe('pri');
    expect(typedMention('mail me@example')).toBeNull();
    expect(mentionSuggestions('sha', team)).toEqual([team[1]]);
  });
});

describe('response time', () => {
  it('reads as people say it', () => {
    expect([5, 24, 25, 70, 400].map(responseTimeLabel)).toEqual([
      'Usually answers within a day',
      'Usually answers within a day',
      'Usually answers within 2 days',
      'Usually answers within 3 days',
      'Usually answers within 3 weeks',
    ]);
  });
});

describe('NotesPanel', () => {
  it('lists the notes and writes a new one with a mention picked from the suggestions', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = mockFetch((request) => {
      if (request.url === '/api/companies/3/members/')
        return jsonResponse(200, { company: { id: 3, name: 'Acme' }, members: team, invitations: [] });
      if (request.method === 'POST') return jsonResponse(201, {});
      return jsonResponse(200, {
        results: [
          {
            id: 9,
            application: 7,
            body: 'Strong portfolio.',
            author: team[0],
            mentions: [],
            created_at: '2026-12-01T10:00:00Z',
            updated_at: '2026-12-01T10:00:00Z',
            is_mine: false,
          },
        ],
      });
    });
    renderWithProviders(<NotesPanel applicationId={7} companyId={3} />, sessionFor('employer'));
    expect(await screen.findByText('Strong portfolio.')).toBeInTheDocument();
    const box = screen.getByLabelText(/Add a note/);
    await user.type(box, 'Agreed, @pri');
    await user.click(await screen.findByRole('button', { name: '@Priya Shah' }));
    expect(box).toHaveValue('Agreed, @Priya Shah ');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ body: 'Agreed, @Priya Shah' }));
  });
});

describe('BulkActionBar', () => {
  it('moves the selection and shows each refused applicant with the rule', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = mockFetch(() =>
      jsonResponse(400, {
        code: 'bad_request',
        detail: "1 of the 2 applicants cannot be moved, so none was: see each one's reason.",
        fields: { 'ids.12': ["This application is hired, which is final: its status can't change any more."] },
      }),
    );
    renderWithProviders(
      <BulkActionBar job={{ id: 5, title: 'Designer', companyId: 3 }} selectedIds={[11, 12]} names={{ 11: 'Ada', 12: 'Alan Turing' }} />,
      sessionFor('employer'),
    );
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getAllByLabelText('Move to')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Reviewed' }));
    await user.click(screen.getByRole('button', { name: 'Move 2' }));
    expect(await screen.findByText(/Alan Turing: This application is hired/)).toBeInTheDocument();
    expect(requests[0]!.body).toEqual({ ids: [11, 12], action: 'move', status: 'reviewed' });
  });
});
