import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessageOut, ChatRoomOut } from '@jobportal/shared';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { sessionFor } from '../../../test/sessions';
import { JobseekerChatRoomScreen } from './chat-room-screen';

// A fixed clock at local midday: the day separator says "Today" for messages minutes old. With the
// real clock, a run in the first minutes after midnight put them under "Yesterday" (seen on CI).
const NOW = new Date(2026, 10, 25, 12, 0);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// The viewer is the job seeker, user 7 (sessionFor).
const room: ChatRoomOut = {
  id: 3,
  jobseeker: { id: 7, full_name: 'Ada Lovelace', photo: null },
  employer: { id: 20, full_name: 'Olga Owner', company: { id: 5, name: 'Acme', logo: null } },
  job: { id: 9, title: 'Welder' },
  last_message: null,
  unread_count: 1,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-25T10:00:00Z',
};
const message = (id: number, from: 'me' | 'them', content: string, extra: Partial<ChatMessageOut> = {}): ChatMessageOut => ({
  id,
  room: 3,
  sender: from === 'me' ? { id: 7, full_name: 'Ada Lovelace' } : { id: 20, full_name: 'Olga Owner' },
  content,
  client_id: null,
  created_at: new Date(NOW.getTime() - (10 - id) * 60_000).toISOString(),
  read_at: null,
  ...extra,
});
const history = [
  message(1, 'me', 'Hello there', { read_at: new Date(NOW.getTime() - 60_000).toISOString() }),
  message(2, 'them', '<b>Not bold</b> see https://example.com/job'),
];

function renderRoom(respond: (r: RecordedRequest) => Response | undefined = () => undefined) {
  const { requests } = mockFetch(
    (request) =>
      respond(request) ??
      (request.url === '/api/chatrooms/3/'
        ? jsonResponse(200, room)
        : request.url.startsWith('/api/chatrooms/3/messages/') && request.method === 'GET'
          ? jsonResponse(200, { results: [...history].reverse(), count: 2, next: null, previous: null })
          : request.url === '/api/chatrooms/3/read/'
            ? jsonResponse(200, { room: 3, up_to: 2, read_at: new Date().toISOString() })
            : jsonResponse(404, { detail: 'No', code: 'not_found' })),
  );
  renderRoutes([{ path: '/chat/:roomId', element: <JobseekerChatRoomScreen /> }], { path: '/chat/3', session: sessionFor('jobseeker') });
  return { requests };
}

describe('ChatRoomScreen', () => {
  it('shows text as text with links clickable, "Seen" under the read message, and marks the other side read', async () => {
    const { requests } = renderRoom();
    expect(await screen.findByText('<b>Not bold</b> see', { exact: false })).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
    expect(screen.getByRole('link', { name: 'https://example.com/job' })).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.getByText('Seen')).toBeInTheDocument();
    expect(screen.getByText('Today')).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.some((r) => r.url === '/api/chatrooms/3/read/' && (r.body as { up_to: number }).up_to === 2)).toBe(true),
    );
  });

  it('shows a sent message at once, keeps it with "Not sent, retry" when sending fails, and retries with the same client_id', async () => {
    const user = userEvent.setup({ delay: null });
    let failing = true;
    const { requests } = renderRoom((r) => {
      if (r.method !== 'POST' || r.url !== '/api/chatrooms/3/messages/') return undefined;
      if (failing) return jsonResponse(500, { detail: 'Down', code: 'internal_error' });
      const body = r.body as { content: string; client_id: string };
      return jsonResponse(201, message(3, 'me', body.content, { client_id: body.client_id }));
    });
    await screen.findByText('Hello there');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Are you there?{Enter}');
    expect(await screen.findByText('Are you there?')).toBeInTheDocument();
    expect(await screen.findByText('Not sent.')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText('Not sent.')).toBeNull());
    const sends = requests
      .filter((r) => r.method === 'POST' && r.url === '/api/chatrooms/3/messages/')
      .map((r) => r.body as { client_id: string });
    expect(sends).toHaveLength(2);
    expect(sends[0]!.client_id).toBe(sends[1]!.client_id);
    expect(screen.getAllByText('Are you there?')).toHaveLength(1);
  });

  it('says so when the conversation is not theirs', async () => {
    mockFetch(() => jsonResponse(404, { detail: 'That conversation was not found.', code: 'not_found' }));
    renderRoutes([{ path: '/chat/:roomId', element: <JobseekerChatRoomScreen /> }], { path: '/chat/99', session: sessionFor('jobseeker') });
    expect(await screen.findByText('This conversation is not available')).toBeInTheDocument();
  });
});
