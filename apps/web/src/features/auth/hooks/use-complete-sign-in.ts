import { useCallback } from 'react';
import type { LoginResponse } from '@jobportal/shared';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { firstNameOf } from '../../../lib/greeting';
import { roleHome } from '../../../lib/session/session';
import { signedIn } from '../../../lib/session/session-slice';
import { useAppDispatch } from '../../../lib/store';

/** Every sign-in path ends here: keep the session, greet, go to the role's home. */
export function useCompleteSignIn() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(
    async (reply: LoginResponse) => {
      dispatch(signedIn(reply));
      const firstName = firstNameOf(reply.user.full_name);
      notifications.show({
        message: firstName ? `Welcome, ${firstName}.` : 'You are signed in.',
        color: 'teal',
      });
      await navigate(roleHome(reply), { replace: true });
    },
    [dispatch, navigate],
  );
}
