import type { LoginResponse } from '@jobportal/shared';
import { createSlice, type Middleware, type PayloadAction } from '@reduxjs/toolkit';
import { clearStoredSession, sessionFromLogin, signedOutSession, writeSession, type Session } from './session';

export interface SessionRootState {
  session: Session;
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: signedOutSession,
  reducers: {
    signedIn: (_state, action: PayloadAction<LoginResponse>) => sessionFromLogin(action.payload),
    tokensRefreshed: (state, action: PayloadAction<{ access: string; refresh: string }>) => {
      state.accessToken = action.payload.access;
      state.refreshToken = action.payload.refresh;
    },
    companyDetailsSubmittedChanged: (state, action: PayloadAction<boolean>) => {
      state.companyDetailsSubmitted = action.payload;
    },
    /** Another tab changed the stored session; mirror it without writing it back. */
    sessionReplacedFromStorage: (_state, action: PayloadAction<Session>) => action.payload,
    signedOut: () => signedOutSession,
  },
  selectors: {
    selectSession: (state) => state,
    selectRole: (state) => state.role,
    selectIsSignedIn: (state) => state.role !== null && state.accessToken !== null,
  },
});

export const { signedIn, tokensRefreshed, companyDetailsSubmittedChanged, sessionReplacedFromStorage, signedOut } = sessionSlice.actions;
export const { selectSession, selectRole, selectIsSignedIn } = sessionSlice.selectors;

/** Keeps localStorage equal to the session slice: the one place where the two meet. */
export const sessionPersistence: Middleware<object, SessionRootState> = (store) => (next) => (action) => {
  const result = next(action);
  if (signedOut.match(action)) {
    clearStoredSession();
  } else if (signedIn.match(action) || tokensRefreshed.match(action) || companyDetailsSubmittedChanged.match(action)) {
    writeSession(store.getState().session);
  }
  return result;
};
