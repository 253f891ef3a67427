import { act, screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '../app/layout/toasts';
import ToastsHost from '../app/layout/toasts-host';
import { renderWithProviders } from '../test/render';
import { confirmationMs, notify, staysUntilRead } from './notify';

describe('toasts', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    act(() => notifications.clean());
  });

  it('keeps errors and warnings until they are closed, and lets confirmations go by themselves', async () => {
    const show = vi.spyOn(notifications, 'show');
    notify({ color: 'red', message: 'Could not save the job.' });
    notify({ color: 'orange', message: 'The link could not be copied.' });
    notify({ color: 'teal', message: 'Welcome, Ada.' });
    notify({ message: 'You are signed out.' });
    // Shown once Mantine's notifications have loaded (with the first toast).
    await vi.waitFor(() => expect(show.mock.calls.map(([data]) => data.autoClose)).toEqual([false, false, confirmationMs, confirmationMs]));
    expect(staysUntilRead({ color: 'red' })).toBe(true);
    expect(staysUntilRead({ color: 'teal' })).toBe(false);
  });

  it('lets a caller decide otherwise for one toast', async () => {
    const show = vi.spyOn(notifications, 'show');
    notify({ color: 'red', message: 'Gone soon.', autoClose: 1000 });
    await vi.waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ autoClose: 1000 })));
  });

  it('shows toasts at the top centre, under the header, with a button to close them', async () => {
    renderWithProviders(<ToastsHost />);
    act(() => void notify({ color: 'red', title: 'Not saved', message: 'Could not save the job.' }));
    const toast = await screen.findByText('Could not save the job.');
    const container = toast.closest('[data-position]');
    expect(container).toHaveAttribute('data-position', 'top-center');
    // No other stack takes room (an empty stack stretched over the page would swallow clicks).
    for (const other of document.querySelectorAll('[data-position]'))
      if (other !== container) expect(other.getAttribute('style') ?? '').not.toContain('top');
    const card = toast.closest('.mantine-Notification-root');
    expect(card).not.toBeNull();
    expect(within(card as HTMLElement).getByRole('button')).toBeInTheDocument();
  });

  it('shows a toast through the shell, which loads the renderer when a toast is first asked for', async () => {
    renderWithProviders(<Toasts />);
    act(() => notify({ color: 'teal', message: 'Profile saved.' }));
    expect(await screen.findByText('Profile saved.')).toBeInTheDocument();
  });
});
