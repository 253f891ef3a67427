import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { application, profile } from '../../../test/application-fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { sessionFor } from '../../../test/sessions';
import { MemoryRouter } from 'react-router';
import { ApplyModal } from './apply-modal';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderModal(answer: () => Response, withResume = true) {
  const onClose = vi.fn();
  const { requests } = mockFetch((request) =>
    request.url === '/api/applications/' ? answer() : jsonResponse(200, withResume ? profile : { ...profile, resume: null }),
  );
  renderWithProviders(
    <MemoryRouter>
      <ApplyModal opened onClose={onClose} job={{ id: 5, title: 'Robot Whisperer', companyName: 'Acme Robotics' }} />
    </MemoryRouter>,
    sessionFor('jobseeker'),
  );
  return { requests, onClose };
}

/** The value of one text part of a multipart body. */
function part(body: unknown, name: string): string | undefined {
  const match = new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)\\r\\n`).exec(String(body));
  return match?.[1];
}

describe('ApplyModal', () => {
  it('applies with the profile resume by default, as multipart, with a cover letter', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests, onClose } = renderModal(() => jsonResponse(201, application()));
    const profileChoice = await screen.findByRole('radio', { name: /Your profile resume \(Ada - CV\.pdf\)/ });
    await waitFor(() => expect(profileChoice).toBeChecked());
    await user.type(screen.getByLabelText('Cover letter'), 'I like robots.');
    expect(screen.getByText(/14 \/ 5,000 characters/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = requests.find((r) => r.url === '/api/applications/');
    expect(String(post?.body)).toContain('form-data');
    expect(part(post?.body, 'job')).toBe('5');
    expect(part(post?.body, 'use_profile_resume')).toBe('true');
    expect(part(post?.body, 'cover_letter')).toBe('I like robots.');
    expect(String(post?.body)).not.toContain('name="resume"');
  });

  it('sends a newly chosen file instead', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests, onClose } = renderModal(() => jsonResponse(201, application()));
    await user.click(await screen.findByRole('radio', { name: 'Upload a new file for this application' }));
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['%PDF-1.4 x %%EOF'], 'special-cv.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = requests.find((r) => r.url === '/api/applications/');
    expect(part(post?.body, 'use_profile_resume')).toBe('false');
    // jsdom's File loses its name on the way through Node's fetch; the e2e journey checks the name.
    expect(String(post?.body)).toMatch(/name="resume"; filename="[^"]+"\r\nContent-Type: application\/pdf/);
  });

  it('asks for a file when there is no profile resume and none chosen', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderModal(() => jsonResponse(201, application()), false);
    expect(await screen.findByRole('radio', { name: 'Your profile resume (none yet)' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText('Choose a resume to send.')).toBeInTheDocument();
    expect(requests.some((r) => r.url === '/api/applications/')).toBe(false);
  });

  it('says plainly when the job seeker has applied already (409), and keeps the letter', async () => {
    const user = userEvent.setup({ delay: null });
    const { onClose } = renderModal(() => jsonResponse(409, { code: 'conflict', detail: 'You have already applied to this job.' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: /Your profile resume \(/ })).toBeChecked());
    await user.type(screen.getByLabelText('Cover letter'), 'Again');
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have already applied to this job.');
    expect(screen.getByLabelText('Cover letter')).toHaveValue('Again');
    expect(onClose).not.toHaveBeenCalled();
  });
});
