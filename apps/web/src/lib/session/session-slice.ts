import type { LoginResponse, RefreshResponse } from '@jobportal/shared';
import type { Action, Middleware, Reducer } from 'redux';
import { clearStoredSession, sessionFromLogin, signedOutSession, writeSession, type Session } from './session';

export interface SessionRootState {
  session: Session;
}

// Shaped as Redux Toolkit's UnknownAction (the index signature), so any dispatch of the app takes it.
interface PayloadAction<Payload> extends Action<string> {
  payload: Payload;
  [extraProps: string]: unknown;
}

/** An action creator that also recognises its actions (`signedOut.match(action)`), as Redux Toolkit's do. */
function sessionAction<Payload = void>(name: string) {
  const type = `session/${name}`;
  const create = (...[payload]: Payload extends void ? [] : [Payload]): PayloadAction<Payload> => ({ type, payload: payload as Payload });
  return Object.assign(create, {
    type,
    match: (action: unknown): action is PayloadAction<Payload> => (action as Action | null)?.type === type,
  });
}

export const signedIn = sessionAction<LoginResponse>('signedIn');
export const tokensRefreshed = sessionAction<RefreshResponse>('tokensRefreshed');
export const companyDetailsSubmittedChanged = sessionAction<boolean>('companyDetailsSubmittedChanged');
/** Another tab changed the stored session; mirror it without writing it back. */
export const sessionReplacedFromStorage = sessionAction<Session>('sessionReplacedFromStorage');
export const signedOut = sessionAction('signedOut');

/**
 * The session slice, written without Redux Toolkit's createSlice: the store and this slice are on
 * every first load, and createSlice would bring Immer and the toolkit's core with them (~12 KB
 * gzipped; docs/decisions/004). Five actions, each a new object.
 */
export const sessionReducer: Reducer<Session> = (state = signedOutSession, action) => {
  if (signedIn.match(action)) return sessionFromLogin(action.payload);
  if (tokensRefreshed.match(action)) {
    // The server reads the company again on a refresh: a recruiter removed from their team loses it here.
    const { access, refresh, companyDetailsSubmitted = state.companyDetailsSubmitted } = action.payload;
    return { ...state, accessToken: access, refreshToken: refresh, companyDetailsSubmitted };
  }
  if (companyDetailsSubmittedChanged.match(action)) return { ...state, companyDetailsSubmitted: action.payload };
  if (sessionReplacedFromStorage.match(action)) return action.payload;
  if (signedOut.match(action)) return signedOutSession;
  return state;
};

export const selectSession = (state: SessionRootState) => state.session;

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
