import type { JobseekerProfileOut, ProfileOut } from '@jobportal/shared';
import { api } from '../../../lib/api/api-slice';
import { uploadWithProgress, type UploadProgress } from '../../../lib/api/upload';

/** What PUT /api/jobseek/profile/ takes, before it is encoded (spec section 5). */
export interface ProfileWrite {
  fields: Record<string, string | null>;
  job_preferences: unknown;
  educations: unknown[];
  work_experience: unknown[];
  skills: unknown[];
  profile_photo?: File | null;
  resume?: File | null;
}

/**
 * Spec section 5, exactly: the lists (and the preferences) are JSON text; multipart form data when
 * a photo or resume is newly chosen, plain JSON otherwise.
 */
export function encodeProfile(
  write: ProfileWrite,
): { kind: 'json'; body: Record<string, string | null> } | { kind: 'multipart'; body: FormData } {
  const lists = {
    job_preferences: JSON.stringify(write.job_preferences),
    educations: JSON.stringify(write.educations),
    work_experience: JSON.stringify(write.work_experience),
    skills: JSON.stringify(write.skills),
  };
  if (!write.profile_photo && !write.resume) return { kind: 'json', body: { ...write.fields, ...lists } };
  const body = new FormData();
  // A multipart part cannot be null: an emptied field goes as empty text, which clears it.
  for (const [name, value] of Object.entries({ ...write.fields, ...lists })) body.append(name, value ?? '');
  if (write.profile_photo) body.append('profile_photo', write.profile_photo, write.profile_photo.name);
  if (write.resume) body.append('resume', write.resume, write.resume.name);
  return { kind: 'multipart', body };
}

/** Job seeker profiles (server module `profiles`): one's own, and an applicant's for the employer. */
export const profilesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOwnProfile: build.query<ProfileOut, void>({
      query: () => '/jobseek/profile/',
      providesTags: [{ type: 'Profile', id: 'ME' }],
    }),
    updateProfile: build.mutation<ProfileOut, { write: ProfileWrite; onProgress?: (progress: UploadProgress) => void }>({
      async queryFn({ write, onProgress }, queryApi, _extra, baseQuery) {
        const encoded = encodeProfile(write);
        if (encoded.kind === 'json') {
          const result = await baseQuery({ url: '/jobseek/profile/', method: 'PUT', body: encoded.body });
          return result.error ? { error: result.error } : { data: result.data as ProfileOut };
        }
        return uploadWithProgress<ProfileOut>({ url: '/jobseek/profile/', method: 'PUT', body: encoded.body, onProgress }, queryApi);
      },
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(profilesApi.util.upsertQueryData('getOwnProfile', undefined, data));
        } catch {
          // The form shows the error.
        }
      },
      invalidatesTags: (_r, error) => (error ? [] : [{ type: 'JobseekerDashboard', id: 'ME' }]),
    }),
    getJobseekerProfile: build.query<JobseekerProfileOut, number>({
      query: (id) => `/jobseekers/${id}/`,
      providesTags: (_r, _e, id) => [{ type: 'Profile', id }],
    }),
  }),
});

export const { useGetOwnProfileQuery, useUpdateProfileMutation, useGetJobseekerProfileQuery } = profilesApi;
