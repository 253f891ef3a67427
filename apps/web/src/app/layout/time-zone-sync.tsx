import { useEffect } from 'react';
import { useUpdateAccountMutation } from '../../features/account/api/account-api';
import { useSession } from '../../lib/session/use-session';
import { browserTimeZone } from '../../lib/zoned-time';

/** The tab session's record of the zone sent for a user: once a session, and again only if it changed. */
export const timeZoneSentKey = (userId: number) => `timeZoneSent:${userId}`;

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage blocked: send once per page load instead
  }
}

/**
 * Tells the server the browser's time zone (docs/decisions/011-interviews.md): employers see the
 * job seeker's time when scheduling, and interview e-mails use it. Sent once per browser session
 * and user, and again when the zone changes (travel, a changed system setting); a failed call is
 * tried again on the next load. Loaded lazily with the signed-in header, never on the sign-in screens.
 */
export default function TimeZoneSync() {
  const userId = useSession().user?.id ?? null;
  const [updateAccount] = useUpdateAccountMutation();

  useEffect(() => {
    if (userId === null) return;
    const zone = browserTimeZone();
    const store = sessionStore();
    if (store?.getItem(timeZoneSentKey(userId)) === zone) return;
    // Marked before the answer, so a re-render does not send twice; unmarked when it fails.
    store?.setItem(timeZoneSentKey(userId), zone);
    updateAccount({ time_zone: zone })
      .unwrap()
      .catch(() => store?.removeItem(timeZoneSentKey(userId)));
  }, [userId, updateAccount]);

  return null;
}
