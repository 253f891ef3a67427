import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type Dispatch as SetState,
  type ReactNode,
  type SetStateAction,
} from 'react';
import type { JobSearchResult } from '@jobportal/shared';
import { useDispatch } from 'react-redux';
import type { Dispatch } from 'redux';
import { networkError, type ApiError } from '../../lib/api/api-error';
import { sendHttp } from '../../lib/api/http';
import type * as JobsApi from './api/jobs-api';

/**
 * The job search's data for the home screen (docs/decisions/004, fourth pass). RTK Query holds it,
 * as it holds all fetched data, but for a signed-out visitor RTK Query (~26 KB gzipped with Redux
 * Toolkit, Immer and reselect) is not on the first load: the first answer comes by a plain call and
 * goes into RTK Query's cache as soon as RTK Query has loaded. It loads when the visitor first
 * reaches for the screen (a press, a key or a focus), at the latest when the search
 * changes; signed-in people, whose screens all fetch through it, load it at once.
 */
export interface JobSearchView {
  /** The last answer, for these parameters or earlier ones (the facets stay while the next loads). */
  data?: JobSearchResult;
  /** The answer for these parameters, once it is here. */
  currentData?: JobSearchResult;
  error?: ApiError;
  isError: boolean;
  isFetching: boolean;
  refetch: () => void;
}

type ViewState = Omit<JobSearchView, 'refetch'>;
type SearchParams = Record<string, string | number>;
type JobsApiModule = typeof JobsApi;

let jobsApiModule: JobsApiModule | null = null;
let jobsApiLoading: Promise<JobsApiModule> | null = null;

/** Answers fetched before RTK Query loaded, for its cache once it has. */
const plainAnswers = new Map<string, { params: SearchParams; data: JobSearchResult }>();

function handOverPlainAnswers(dispatch: Dispatch, loaded: JobsApiModule) {
  if (plainAnswers.size === 0) return;
  const entries = [...plainAnswers.values()].map(({ params, data }) => ({
    endpointName: 'searchJobs' as const,
    arg: params,
    value: data,
  }));
  plainAnswers.clear();
  dispatch(loaded.jobsApi.util.upsertQueryEntries(entries));
}

/** Loads RTK Query with the jobs' calls (once; again after a failed load) and gives it what came before. */
export function preloadJobSearch(dispatch: Dispatch): Promise<JobsApiModule> {
  jobsApiLoading ??= import('./api/jobs-api').then(
    (loaded) => (jobsApiModule = loaded),
    (error: unknown) => {
      jobsApiLoading = null;
      throw error;
    },
  );
  return jobsApiLoading.then((loaded) => {
    handOverPlainAnswers(dispatch, loaded);
    return loaded;
  });
}

const searching: ViewState = { isError: false, isFetching: true };

/**
 * `useSearchJobsQuery(params)` for the home screen. `plainFirst`: whether the first answer may come
 * without RTK Query (signed-out visitors, whose calls carry no token to refresh). `source` renders
 * nothing: it runs RTK Query's hook once RTK Query has loaded, and goes anywhere in the screen.
 */
export function useJobSearch(params: SearchParams, { plainFirst }: { plainFirst: boolean }): { view: JobSearchView; source: ReactNode } {
  const dispatch = useDispatch();
  const key = JSON.stringify(params);
  const [jobsApi, setJobsApi] = useState<JobsApiModule | null>(jobsApiModule);
  const [firstKey] = useState(key);
  const [view, setView] = useState<ViewState>(searching);
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const refetchRef = useRef<() => void>(retry);

  // Until RTK Query has loaded, the first parameters by a plain call; any others load it.
  const isPlain = jobsApi === null && plainFirst && key === firstKey;
  useEffect(() => {
    if (!isPlain) return;
    let isCurrent = true;
    refetchRef.current = retry;
    setView((last) => ({ data: last.data, isError: false, isFetching: true }));
    const sent = JSON.parse(key) as SearchParams;
    void sendHttp({ url: '/jobs/', params: sent }).then((result) => {
      if ('error' in result) {
        if (isCurrent) setView((last) => ({ data: last.data, error: result.error, isError: true, isFetching: false }));
        return;
      }
      const data = result.data as JobSearchResult;
      plainAnswers.set(key, { params: sent, data });
      if (jobsApiModule) handOverPlainAnswers(dispatch, jobsApiModule);
      if (isCurrent) setView({ data, currentData: data, isError: false, isFetching: false });
    });
    return () => {
      isCurrent = false;
    };
  }, [isPlain, key, attempt, dispatch, retry]);

  useEffect(() => {
    if (jobsApi !== null || isPlain) return;
    let isCurrent = true;
    refetchRef.current = retry;
    setView((last) => ({ data: last.data, isError: false, isFetching: true }));
    preloadJobSearch(dispatch).then(
      (loaded) => {
        if (isCurrent) setJobsApi(loaded);
      },
      (error: unknown) => {
        if (isCurrent) setView((last) => ({ data: last.data, error: networkError(String(error)), isError: true, isFetching: false }));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [jobsApi, isPlain, attempt, dispatch, retry]);

  // The visitor reaching for the screen (a press, a key, a focus) starts loading RTK Query, so
  // that it is here by the time the search changes.
  useEffect(() => {
    if (jobsApi !== null) return;
    const events = ['pointerdown', 'keydown', 'focusin'] as const;
    const preload = () => {
      for (const name of events) document.removeEventListener(name, preload, true);
      void preloadJobSearch(dispatch).catch(() => undefined);
    };
    for (const name of events) document.addEventListener(name, preload, true);
    return () => {
      for (const name of events) document.removeEventListener(name, preload, true);
    };
  }, [jobsApi, dispatch]);

  const refetch = useCallback(() => refetchRef.current(), []);
  const source = jobsApi ? <RtkJobSearch jobsApi={jobsApi} params={params} onView={setView} refetchRef={refetchRef} /> : null;
  return { view: { ...view, refetch }, source };
}

function RtkJobSearch({
  jobsApi,
  params,
  onView,
  refetchRef,
}: {
  jobsApi: JobsApiModule;
  params: SearchParams;
  onView: SetState<SetStateAction<ViewState>>;
  refetchRef: { current: () => void };
}) {
  const { data, currentData, error, isError, isFetching, refetch } = jobsApi.useSearchJobsQuery(params);
  // Before paint, so the screen never shows a frame without the answer. A new hook has no earlier
  // answer: the one shown stays until the next is here.
  useLayoutEffect(() => {
    refetchRef.current = () => void refetch();
    onView((last) => ({ data: data ?? last.data, currentData, error: error as ApiError | undefined, isError, isFetching }));
  }, [data, currentData, error, isError, isFetching, refetch, onView, refetchRef]);
  return null;
}
