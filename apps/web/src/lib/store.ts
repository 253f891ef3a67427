import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { api } from './api/api-slice';
import { readSession, type Session } from './session/session';
import { sessionPersistence, sessionSlice } from './session/session-slice';

export function createAppStore(session: Session = readSession()) {
  return configureStore({
    reducer: {
      session: sessionSlice.reducer,
      [api.reducerPath]: api.reducer,
    },
    preloadedState: { session },
    middleware: (getDefault) => getDefault().concat(api.middleware, sessionPersistence),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
