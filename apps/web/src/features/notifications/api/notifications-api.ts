import type { NotificationList, NotificationOut } from '@jobportal/shared';
import { api } from '../../../lib/api/api-slice';

/** How many notifications the bell shows: the newest; older ones have done their job. */
export const bellPageSize = 8;

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.query<NotificationList, void>({
      query: () => ({ url: '/notifications/', params: { page_size: bellPageSize } }),
      providesTags: ['Notifications'],
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

export const { useGetNotificationsQuery, useMarkNotificationReadMutation } = notificationsApi;
