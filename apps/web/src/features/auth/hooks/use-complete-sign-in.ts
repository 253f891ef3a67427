import { useCallback } from 'react';
import type { LoginResponse } from '@jobportal/shared';
import { useLocation, useNavigate } from 'react-router';
import { mayOpen } from '../../../app/guard';
import { roleHome, sessionFromLogin } from '../../../lib/session/session';
import { returnPathFromState } from '../navigation-state';
import { signedIn } from '../../../lib/session/session-slice';
import { useAppDispatch } from '../../../lib/store';

/**
 * Every sign-in path ends here: keep the session and go back to where the visitor was asked
 * to sign in (when this role may open it), else to the role's home.
 */
export function useCompleteSignIn() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const from = returnPathFromState(useLocation().state);
  return useCallback(
    async (reply: LoginResponse) => {
      // No "Welcome" toast: it covered the next screen's heading. The header shows the account, and
      // the dashboards greet by name.
      dispatch(signedIn(reply));
      const session = sessionFromLogin(reply);
      await navigate(from && mayOpen(session, from) ? from : roleHome(session), { replace: true });
    },
    [dispatch, navigate, from],
  );
}
