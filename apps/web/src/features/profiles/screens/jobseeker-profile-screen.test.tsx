import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profile } from '../../../test/application-fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { sessionFor } from '../../../test/sessions';
import { JobseekerProfileScreen } from './jobseeker-profile-screen';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Records what the multipart upload sent and answers 200 with the profile. */
class FakeXhr {
  static sent: { method: string; url: string; headers: Record<string, string>; body: FormData }[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  withCredentials = false;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader() {
    return null;
  }
  send(body: FormData) {
    FakeXhr.sent.push({ method: this.method, url: this.url, headers: this.headers, body });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = 200;
      this.responseText = JSON.stringify({ ...profile, full_name: 'Ada King' });
      this.onload?.();
    }, 0);
  }
}

function renderScreen() {
  const { requests } = mockFetch((request) =>
    request.url === '/api/jobseek/profile/' && request.method === 'PUT'
      ? jsonResponse(200, { ...profile, full_name: 'Ada King' })
      : jsonResponse(200, profile),
  );
  renderWithProviders(<JobseekerProfileScreen />, sessionFor('jobseeker'));
  return { requests };
}

describe('JobseekerProfileScreen', () => {
  it('shows completeness and its next steps', async () => {
    renderScreen();
    expect(await screen.findByText('Profile 60% complete')).toBeInTheDocument();
    expect(screen.getByText('Next steps:')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Add a photo', 'Add your education']);
    expect(screen.getByText('Add your education')).toBeInTheDocument();
  });

  it('sends plain JSON with the lists as JSON text when no file is chosen', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderScreen();
    const name = await screen.findByLabelText(/Full name/);
    await user.clear(name);
    await user.type(name, 'Ada King');
    await user.click(screen.getByRole('button', { name: 'Remove Math' }));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const put = requests.find((r) => r.method === 'PUT');
    const body = put?.body as Record<string, unknown>;
    expect(put?.authorization).toBe('Bearer access-1');
    expect(body.full_name).toBe('Ada King');
    expect(typeof body.educations).toBe('string');
    expect(JSON.parse(body.educations as string)).toEqual([]);
    expect(JSON.parse(body.skills as string)).toEqual([]);
    expect(JSON.parse(body.work_experience as string)).toEqual([
      {
        job_title: 'Analyst',
        company_name: 'Engines Ltd',
        company_location: null,
        start_date: '2020-01-01',
        end_date: null,
        description: '',
        technologies_used: ['Math'],
      },
    ]);
    expect(JSON.parse(body.job_preferences as string)).toMatchObject({ is_remote_ok: true });
    expect(await screen.findByText('All changes saved.')).toBeInTheDocument();
  });

  it('sends multipart form data, with upload progress, when a resume is newly chosen', async () => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const user = userEvent.setup({ delay: null });
    const { requests } = renderScreen();
    await screen.findByText('Profile 60% complete');
    const inputs = document.querySelectorAll<HTMLInputElement>('input[type="file"]');
    const resumeInput = [...inputs].find((input) => input.accept.includes('.pdf'));
    if (!resumeInput) throw new Error('no resume input');
    await user.upload(resumeInput, new File(['%PDF-1.4 x %%EOF'], 'new-cv.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('new-cv.pdf')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const sent = FakeXhr.sent[0];
    expect(sent?.method).toBe('PUT');
    expect(sent?.url).toBe('/api/jobseek/profile/');
    expect(sent?.headers.Authorization).toBe('Bearer access-1');
    expect((sent?.body.get('resume') as File).name).toBe('new-cv.pdf');
    expect(sent?.body.get('profile_photo')).toBeNull();
    expect(JSON.parse(sent?.body.get('skills') as string)).toHaveLength(1);
    expect(typeof sent?.body.get('educations')).toBe('string');
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    expect(await screen.findByText('All changes saved.')).toBeInTheDocument();
  });

  it('refuses a resume of the wrong type in the browser, with the server’s words', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderScreen();
    await screen.findByText('Profile 60% complete');
    const resumeInput = [...document.querySelectorAll<HTMLInputElement>('input[type="file"]')].find((input) =>
      input.accept.includes('.pdf'),
    );
    if (!resumeInput) throw new Error('no resume input');
    await user.upload(resumeInput, new File(['x'], 'cv.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent('That file is not a PDF or Word (DOCX) document.');
  });
});
