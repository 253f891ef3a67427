import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../notify';
import { sendHttp } from '../api/http';
import { useAppDispatch, useAppSelector } from '../store';
import { selectSession, signedOut } from './session-slice';

/**
 * Revokes the refresh token on the server, then forgets the session here whatever it answers
 * (the API cache empties itself on `signedOut`). A plain call, not RTK Query: the header offers
 * sign-out on every screen, and RTK Query stays out of the first load (docs/decisions/004).
 */
export function useSignOut() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { refreshToken } = useAppSelector(selectSession);
  const [isSigningOut, setSigningOut] = useState(false);

  /** `next`: where to go once signed out (the sign-in screen unless told otherwise). */
  const signOut = useCallback(
    async (next: { to: string; state?: unknown } = { to: '/login' }) => {
      setSigningOut(true);
      if (refreshToken) await sendHttp({ url: '/logout/', method: 'POST', body: { refresh: refreshToken } });
      dispatch(signedOut());
      setSigningOut(false);
      notify({ message: 'You are signed out.', color: 'gray' });
      await navigate(next.to, { state: next.state });
    },
    [dispatch, navigate, refreshToken],
  );

  return { signOut, isSigningOut };
}
