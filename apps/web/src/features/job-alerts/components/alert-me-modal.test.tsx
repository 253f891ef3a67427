import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { sessionFor } from '../../../test/sessions';
import AlertMeModal from './alert-me-modal';

describe('AlertMeModal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves the search for a job seeker with the name proposed from it', async () => {
    const { requests } = mockFetch(() => jsonResponse(201, { id: 1 }));
    const onClose = vi.fn();
    renderWithProviders(
      <AlertMeModal opened onClose={onClose} criteria={{ search: 'python', location: 'Berlin' }} isVisitor={false} />,
      sessionFor('jobseeker'),
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('python Berlin');
    await userEvent.click(screen.getByRole('checkbox', { name: 'By e-mail' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save alert' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/api/job-alerts/',
      body: { name: 'python Berlin', criteria: { search: 'python', location: 'Berlin' }, frequency: 'instant', in_app: true, email: true },
    });
  });

  it('asks a visitor for an address and says to confirm it; a bad one is shown at its field', async () => {
    let calls = 0;
    mockFetch(() =>
      calls++ === 0
        ? jsonResponse(400, {
            detail: 'Please correct the highlighted fields.',
            code: 'validation_error',
            fields: { email: ['Enter a valid e-mail address.'] },
          })
        : jsonResponse(202, { detail: 'Check your inbox', email: 'ada@example.com' }),
    );
    renderWithProviders(<AlertMeModal opened onClose={() => undefined} criteria={{ search: 'nurse' }} isVisitor />);
    await userEvent.type(screen.getByRole('textbox', { name: /Your e-mail address/ }), 'ada@example');
    await userEvent.click(screen.getByRole('button', { name: 'E-mail me' }));
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Your e-mail address/ }), '.com');
    await userEvent.click(screen.getByRole('button', { name: 'E-mail me' }));
    expect(await screen.findByText(/We sent a link to ada@example.com/)).toBeInTheDocument();
  });
});
