import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { JoinLink } from './join-link';

describe('JoinLink', () => {
  it('links a video interview to its meeting, in a new tab', () => {
    renderWithProviders(<JoinLink interview={{ mode: 'video', meeting_link: 'https://meet.example.com/abc' }} />);
    const link = screen.getByRole('link', { name: 'Join link' });
    expect(link).toHaveAttribute('href', 'https://meet.example.com/abc');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows nothing without a link or for another kind of interview', () => {
    renderWithProviders(
      <>
        <JoinLink interview={{ mode: 'video', meeting_link: '' }} />
        <JoinLink interview={{ mode: 'in_person', meeting_link: 'https://meet.example.com/abc' }} />
      </>,
    );
    expect(screen.queryByRole('link')).toBeNull();
  });
});
