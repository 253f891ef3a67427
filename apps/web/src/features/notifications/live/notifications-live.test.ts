import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationList, NotificationOut } from '@jobportal/shared';
import type { ApiDispatch } from '../../../lib/api/api-slice';
import type { LiveSocket } from '../../../lib/live/live-socket';
import { createAppStore } from '../../../lib/store';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { sessionFor } from '../../../test/sessions';
import { companiesApi } from '../../companies/api/companies-api';
import { notificationsApi } from '../api/notifications-api';
import { connectNotificationsLive } from './notifications-live';

afterEach(() => {
  vi.unstubAllGlobals();
});

const note = (id: number, extra: Partial<NotificationOut> = {}): NotificationOut => ({
  id,
  type: 'chat_message',
  message: `N${id}`,
  link: '/chat/1',
  is_read: false,
  created_at: '2026-11-25T10:00:00Z',
  ...extra,
});

function fakeSocket() {
  const handlers = new Map<string, (payload: never) => void>();
  const socket = { on: (event: string, h: (payload: never) => void) => handlers.set(event, h), off: () => undefined, recovered: false };
  const fire = (event: string, payload: unknown) => handlers.get(event)!(payload as never);
  return { socket: socket as unknown as LiveSocket, fire };
}

describe('connectNotificationsLive', () => {
  it('adds a pushed notification to the bell once and counts it; a read elsewhere marks it', async () => {
    const page: NotificationList = { results: [note(1, { is_read: true })], count: 1, next: null, previous: null, unread_count: 0 };
    const { requests } = mockFetch(() => jsonResponse(200, page));
    const store = createAppStore(sessionFor('jobseeker'));
    const dispatch = store.dispatch as ApiDispatch;
    await dispatch(notificationsApi.endpoints.getNotifications.initiate());
    const { socket, fire } = fakeSocket();
    connectNotificationsLive(socket, dispatch);
    const bell = () => notificationsApi.endpoints.getNotifications.select()(store.getState() as never).data!;

    fire('notification:new', note(2));
    fire('notification:new', note(2));
    expect(bell().results.map((n) => n.id)).toEqual([2, 1]);
    expect(bell().unread_count).toBe(1);
    // Pushed again after an update (a job alert's count): replaced in place, still one unread.
    fire('notification:new', note(2, { type: 'job_alert_matches', message: "3 new jobs for 'python berlin'" }));
    expect(bell().results.map((n) => [n.id, n.message])).toEqual([
      [2, "3 new jobs for 'python berlin'"],
      [1, 'N1'],
    ]);
    expect(bell().unread_count).toBe(1);

    fire('notification:read', { id: 2 });
    expect(bell().unread_count).toBe(0);
    expect(bell().results[0]!.is_read).toBe(true);
    const before = requests.length;
    // A read of one the bell does not show: the bell is read again for the right count.
    fire('notification:read', { id: 99 });
    await vi.waitFor(() => expect(requests.length).toBeGreaterThan(before));
  });

  it('reads the bell again when more jobs reach an alert whose notice is unread (its count is worked out by the server)', async () => {
    let message = "1 new job for 'python berlin'";
    const { requests } = mockFetch(() =>
      jsonResponse(200, {
        results: [note(7, { type: 'job_alert_matches', message, link: '/alerts/3' })],
        count: 1,
        next: null,
        previous: null,
        unread_count: 1,
      }),
    );
    const store = createAppStore(sessionFor('jobseeker'));
    const dispatch = store.dispatch as ApiDispatch;
    const subscription = dispatch(notificationsApi.endpoints.getNotifications.initiate());
    await subscription;
    const { socket, fire } = fakeSocket();
    connectNotificationsLive(socket, dispatch);
    const bell = () => notificationsApi.endpoints.getNotifications.select()(store.getState() as never).data!;
    expect(bell().results[0]!.message).toBe("1 new job for 'python berlin'");
    message = "4 new jobs for 'python berlin'";
    const before = requests.length;
    fire('job_alert:matched', undefined);
    await vi.waitFor(() => expect(bell().results[0]!.message).toBe("4 new jobs for 'python berlin'"));
    expect(requests.length).toBe(before + 1);
    subscription.unsubscribe();
  });

  it("reads the employer's company again when its approval changes, so the open screens stop saying 'Awaiting approval'", async () => {
    let isApproved = false;
    mockFetch((request) =>
      request.url.startsWith('/api/companies/')
        ? jsonResponse(200, { results: [{ id: 4, name: 'Acme', is_approved: isApproved }], count: 1, next: null, previous: null })
        : jsonResponse(200, { results: [], count: 0, next: null, previous: null, unread_count: 0 }),
    );
    const store = createAppStore(sessionFor('employer'));
    const dispatch = store.dispatch as ApiDispatch;
    const subscription = dispatch(companiesApi.endpoints.getOwnCompany.initiate());
    await subscription;
    const company = () => companiesApi.endpoints.getOwnCompany.select()(store.getState() as never).data;
    expect(company()?.is_approved).toBe(false);
    const { socket, fire } = fakeSocket();
    connectNotificationsLive(socket, dispatch);

    isApproved = true;
    fire('notification:new', note(7, { type: 'company_approved', message: 'Acme is approved: its open jobs are public.' }));
    await vi.waitFor(() => expect(company()?.is_approved).toBe(true));
    subscription.unsubscribe();
  });

  it('takes a recruiter removed from the hiring team off the company: the session says no company, the company is read again', async () => {
    let isMember = true;
    mockFetch((request) =>
      request.url.startsWith('/api/companies/')
        ? jsonResponse(200, { results: isMember ? [{ id: 4, name: 'Acme', is_approved: true }] : [], count: 1, next: null, previous: null })
        : jsonResponse(200, { results: [], count: 0, next: null, previous: null, unread_count: 0 }),
    );
    const store = createAppStore(sessionFor('employer', { companyDetailsSubmitted: true }));
    const dispatch = store.dispatch as ApiDispatch;
    const subscription = dispatch(companiesApi.endpoints.getOwnCompany.initiate());
    await subscription;
    const company = () => companiesApi.endpoints.getOwnCompany.select()(store.getState() as never).data;
    expect(company()?.name).toBe('Acme');
    const { socket, fire } = fakeSocket();
    connectNotificationsLive(socket, dispatch);

    isMember = false;
    fire(
      'notification:new',
      note(8, {
        type: 'team_member_removed',
        message: 'Ada removed you from the hiring team of Acme.',
        link: '/EmployerCompanyManagement',
      }),
    );
    expect(store.getState().session.companyDetailsSubmitted).toBe(false);
    await vi.waitFor(() => expect(company()).toBeNull());
    subscription.unsubscribe();
  });
});
