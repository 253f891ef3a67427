// The notifications module's public face: what other modules, the seed and realtime/ may use (eslint.config.js, "The server's layers").
export { applicationReceived, notificationsFor, writeNotifications } from './notifications.service';
export {
  claimUnpushed,
  insertNoticesWhen,
  insertNotification,
  insertNotificationForAdmins,
  insertNotifications,
  markAllRead,
  type NewNotification,
} from './notifications.repository';
export { noticesPresenter, presentNotification, type NoticeWords, type PresentNotices } from './notifications.presenter';
