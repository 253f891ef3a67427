import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { sessionFor } from '../../../test/sessions';
import { MessageButton } from './message-button';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MessageButton', () => {
  it('opens the existing room when the server answers 400 existing_room (spec section 4)', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = mockFetch((r) =>
      r.method === 'POST'
        ? jsonResponse(400, { detail: 'This conversation already exists; open it instead.', code: 'existing_room', existing_room: 42 })
        : jsonResponse(200, { id: 42 }),
    );
    const { currentLocation } = renderRoutes(
      [
        { path: '/applicants', element: <MessageButton jobseekerId={5} jobId={9} label="Message Sam" /> },
        { path: '/employer/chat/:roomId', element: <p>room</p> },
      ],
      { path: '/applicants', session: sessionFor('employer') },
    );
    await user.click(screen.getByRole('button', { name: 'Message Sam' }));
    await waitFor(() => expect(currentLocation().pathname).toBe('/employer/chat/42'));
    expect(requests[0]).toMatchObject({ url: '/api/chatrooms/', body: { jobseeker_id: 5, job_id: 9, employer_id: 7 } });
    expect(requests[1]).toMatchObject({ method: 'GET', url: '/api/chatrooms/42/' });
  });
});
