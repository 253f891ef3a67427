import type { NotificationList, NotificationOut, NotificationsMarkedOut } from '@jobportal/shared';
import { api } from '../../../lib/api/api-slice';

/** How many notifications the bell shows: the newest; older ones have done their job. */
export const bellPageSize = 8;

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.query<NotificationList, void>({
      query: () => ({ url: '/notifications/', params: { page_size: bellPageSize } }),
      providesTags: ['Notifications'],
    }),
    /** The notifications page: all of them, a page at a time. */
    getNotificationsPage: build.query<NotificationList, number>({
      query: (page) => ({ url: '/notifications/', params: { page, page_size: 20 } }),
      providesTags: [{ type: 'Notifications', id: 'PAGE' }],
    }),
    markAllNotificationsRead: build.mutation<NotificationsMarkedOut, void>({
      query: () => ({ url: '/notifications/mark_all_as_read/', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          notificationsApi.util.updateQueryData('getNotifications', undefined, (list) => {
            for (const n of list.results) n.is_read = true;
            list.unread_count = 0;
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: ['Notifications'],
    }),
    markNotificationRead: build.mutation<NotificationOut, number>({
      query: (id) => ({ url: `/notifications/${id}/mark_as_read/`, method: 'POST' }),
      // The bell shows it read at once; the list is read again to be sure.
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          notificationsApi.util.updateQueryData('getNotifications', undefined, (list) => {
            const item = list.results.find((n) => n.id === id);
            if (item && !item.is_read) {
              item.is_read = true;
              list.unread_count = Math.max(0, list.unread_count - 1);
            }
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: ['Notifications'],
    }),
  }),
});

export const {
  useGetNotificationsQuery,
  useGetNotificationsPageQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
} = notificationsApi;
