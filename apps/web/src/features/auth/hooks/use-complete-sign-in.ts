import { useCallback } from 'react';
import type { LoginResponse } from '@jobportal/shared';
import { notify } from '../../../lib/notify';
import { useLocation, useNavigate } from 'react-router';
import { mayOpen } from '../../../app/guard';
import { firstNameOf } from '../../../lib/greeting';
import { roleHome, sessionFromLogin } from '../../../lib/session/session';
import { returnPathFromState } from '../navigation-state';
import { signedIn } from '../../../lib/session/session-slice';
import { useAppDispatch } from '../../../lib/store';

/**
 * Every sign-in path ends here: keep the session, greet, and go back to where the visitor was asked
 * to sign in (when this role may open it), else to the role's home.
 */
export function useCompleteSignIn() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const from = returnPathFromState(useLocation().state);
  return useCallback(
    async (reply: LoginResponse) => {
      dispatch(signedIn(reply));
      const firstName = firstNameOf(reply.user.full_name);
      notify({
        message: firstName ? `Welcome, ${firstName}.` : 'You are signed in.',
        color: 'teal',
      });
      const session = sessionFromLogin(reply);
      await navigate(from && mayOpen(session, from) ? from : roleHome(session), { replace: true });
    },
    [dispatch, navigate, from],
  );
}
