import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { notifications } from '@mantine/notifications';
import { api } from '../api/api-slice';
import { useAppDispatch, useAppSelector } from '../store';
import { selectSession, signedOut } from './session-slice';

const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    logout: build.mutation<unknown, { refresh: string }>({
      query: (body) => ({ url: '/logout/', method: 'POST', body }),
    }),
  }),
});

/** Revokes the refresh token on the server, then forgets the session here whatever it answers. */
export function useSignOut() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { refreshToken } = useAppSelector(selectSession);
  const [logout] = sessionApi.useLogoutMutation();
  const [isSigningOut, setSigningOut] = useState(false);

  const signOut = useCallback(async () => {
    setSigningOut(true);
    if (refreshToken) {
      await logout({ refresh: refreshToken })
        .unwrap()
        .catch(() => undefined);
    }
    dispatch(signedOut());
    dispatch(api.util.resetApiState());
    setSigningOut(false);
    notifications.show({ message: 'You are signed out.', color: 'gray' });
    await navigate('/login');
  }, [dispatch, logout, navigate, refreshToken]);

  return { signOut, isSigningOut };
}
