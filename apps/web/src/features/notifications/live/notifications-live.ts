import type { LiveSocket } from '../../../lib/live/live-socket';
import type { ApiDispatch } from '../../../lib/api/api-slice';
import type { tagTypes } from '../../../lib/api/tags';
import { companyDetailsSubmittedChanged } from '../../../lib/session/session-slice';
import { bellPageSize, notificationsApi } from '../api/notifications-api';

type Tag = (typeof tagTypes)[number];

/**
 * What a notice changes on the screens of the person it reaches: those caches are read again when
 * it arrives, so state a person depends on (their company's approval, an application's status)
 * follows the live events instead of waiting for a reload.
 */
export function tagsChangedBy(type: string): Tag[] {
  if (type === 'company_approved' || type === 'company_approval_withdrawn') return ['Company', 'Job', 'EmployerDashboard'];
  if (type === 'application_status_changed') return ['Application', 'JobseekerDashboard'];
  if (type === 'application_received' || type === 'application_withdrawn') return ['Applicants', 'EmployerDashboard'];
  if (type === 'feedback_received') return ['Feedback'];
  // New jobs for a job alert: the alerts page and the dashboard's count.
  if (type === 'job_alert_matches') return ['JobAlert'];
  // Removed from a hiring team: everything of the company goes from their screens.
  if (type === 'team_member_removed') return ['Company', 'Job', 'EmployerDashboard', 'Applicants', 'Interview', 'ChatRooms', 'Team'];
  if (type.startsWith('interview_') && !type.startsWith('interview_reminder_')) return ['Interview', 'Application', 'Applicants'];
  return [];
}

/**
 * Keeps the bell live: every notification row reaches its user as `notification:new` (the server
 * pushes each row once, whichever module wrote it), reads in another tab arrive as
 * `notification:read`, and more jobs for an alert with an unread notice as `job_alert:matched`. After a reconnection the bell is read again.
 */
export function connectNotificationsLive(socket: LiveSocket, dispatch: ApiDispatch): () => void {
  socket.on('notification:new', (notification) => {
    dispatch(
      notificationsApi.util.updateQueryData('getNotifications', undefined, (list) => {
        // A notice pushed again (already in the list) moves to the top, read as it now is.
        const shown = list.results.findIndex((n) => n.id === notification.id);
        if (shown >= 0) {
          const [before] = list.results.splice(shown, 1);
          list.results.unshift(notification);
          list.unread_count += Number(!notification.is_read) - Number(!before!.is_read);
          return;
        }
        list.results.unshift(notification);
        list.results.splice(bellPageSize);
        list.count += 1;
        if (!notification.is_read) list.unread_count += 1;
      }),
    );
    dispatch(notificationsApi.util.invalidateTags([{ type: 'Notifications', id: 'PAGE' }, ...tagsChangedBy(notification.type)]));
    // The session follows too: the guard takes a removed recruiter from the company's screens to
    // the company screen, which says what happened and what they can do.
    if (notification.type === 'team_member_removed') dispatch(companyDetailsSubmittedChanged(false));
  });
  socket.on('notification:read', ({ id }) => {
    let isShown = id === 'all';
    dispatch(
      notificationsApi.util.updateQueryData('getNotifications', undefined, (list) => {
        isShown ||= list.results.some((n) => n.id === id);
        for (const n of list.results) {
          if ((id === 'all' || n.id === id) && !n.is_read) {
            n.is_read = true;
            list.unread_count = Math.max(0, list.unread_count - 1);
          }
        }
        if (id === 'all') list.unread_count = 0;
      }),
    );
    // One older than the bell shows: only a fresh read gives the right unread count.
    dispatch(notificationsApi.util.invalidateTags(isShown ? [{ type: 'Notifications', id: 'PAGE' }] : ['Notifications']));
  });
  // More jobs reached the person's alerts: an unread alert notice counts them when read again (decision 024).
  socket.on('job_alert:matched', () => {
    dispatch(notificationsApi.util.invalidateTags(['Notifications', 'JobAlert']));
  });
  const onReconnect = () => {
    if (!socket.recovered) dispatch(notificationsApi.util.invalidateTags(['Notifications']));
  };
  socket.on('connect', onReconnect);
  return () => {
    socket.off('notification:new');
    socket.off('notification:read');
    socket.off('job_alert:matched');
    socket.off('connect', onReconnect);
  };
}
