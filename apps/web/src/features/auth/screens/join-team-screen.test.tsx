import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { JoinTeamScreen } from './join-team-screen';

function renderJoin(answer: () => Response) {
  const fetchMock = mockFetch((request) => {
    if (request.url === '/api/config/') return jsonResponse(200, { googleClientId: null, productName: 'Hireloop' });
    if (request.url === '/api/companies/join/') return answer();
    return jsonResponse(200, { results: [], count: 0, next: null, previous: null });
  });
  const rendered = renderRoutes(
    [
      { path: '/join-team', element: <JoinTeamScreen /> },
      { path: '/dashboard/employer', element: <p>employer home</p> },
    ],
    { path: '/join-team' },
  );
  return { ...rendered, ...fetchMock };
}

const signedIn = () =>
  jsonResponse(200, {
    accessToken: 'a',
    refreshToken: 'r',
    role: 'employer',
    user: { id: 8, email: 'jordan@acme.example', full_name: 'Jordan Blake' },
    companyDetailsSubmitted: true,
  });

async function fill(user: ReturnType<typeof userEvent.setup>, withAccount: boolean) {
  await user.type(screen.getByLabelText(/^E-mail/, { selector: 'input' }), 'Jordan@Acme.example');
  await user.click(screen.getByRole('textbox', { name: 'Code digit 1 of 6' }));
  await user.keyboard('246810');
  if (withAccount) {
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Jordan Blake');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'hiring-team-pass-42');
  }
}

describe('JoinTeamScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('joins with the code, name and password of a new account, and opens the employer home', async () => {
    const { requests, currentLocation } = renderJoin(signedIn);
    const user = userEvent.setup({ delay: null });
    await fill(user, true);
    await user.click(screen.getByRole('button', { name: 'Join the team' }));
    expect(await screen.findByText('employer home')).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/dashboard/employer');
    expect(requests.filter((r) => r.url === '/api/companies/join/').map((r) => r.body)).toEqual([
      { email: 'jordan@acme.example', otp: '246810', full_name: 'Jordan Blake', password: 'hiring-team-pass-42' },
    ]);
  });

  it('sends no name or password for an existing account, and shows the server’s field errors', async () => {
    const { requests } = renderJoin(() =>
      jsonResponse(400, {
        detail: 'Please correct the highlighted fields.',
        code: 'validation_error',
        fields: { full_name: ['Enter your name: this e-mail has no account yet.'] },
      }),
    );
    const user = userEvent.setup({ delay: null });
    await fill(user, false);
    await user.click(screen.getByRole('button', { name: 'Join the team' }));
    expect(await screen.findByText('Enter your name: this e-mail has no account yet.')).toBeInTheDocument();
    expect(requests.find((r) => r.url === '/api/companies/join/')?.body).toEqual({ email: 'jordan@acme.example', otp: '246810' });
  });
});
