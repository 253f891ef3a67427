import { useCallback, useState } from 'react';
import type {
  EmailRequest,
  GoogleLoginRequest,
  LoginRequest,
  LoginResponse,
  PasswordResetConfirmRequest,
  SignupRequest,
  SignupResponse,
  VerifyOtpRequest,
} from '@jobportal/shared';
import { requestJson } from '../../../lib/api/http';

export interface DetailResponse {
  detail: string;
}

const post =
  <Body, Reply>(url: string) =>
  (body: Body) =>
    requestJson<Reply>({ url, method: 'POST', body });

/**
 * Sign-in, sign-up and password reset calls (decisions.md, "Accounts and sign-in"). They run
 * before any session exists and cache nothing, so they are plain calls through the app's HTTP
 * client rather than RTK Query endpoints, which keeps RTK Query out of the sign-in screens'
 * first load (docs/decisions/004). Each answers its reply or rejects with an ApiError.
 */
export const authApi = {
  login: post<LoginRequest, LoginResponse>('/login/'),
  adminLogin: post<LoginRequest, LoginResponse>('/admin/login/'),
  // The spec checks the reply for user_id, so the type admits a reply without it.
  signup: post<SignupRequest, Partial<SignupResponse>>('/signup/'),
  sendOtp: post<EmailRequest, DetailResponse>('/send-otp/'),
  resendOtp: post<EmailRequest, DetailResponse>('/resend-otp/'),
  verifyOtp: post<VerifyOtpRequest, LoginResponse>('/verify-otp/'),
  googleLogin: post<GoogleLoginRequest, LoginResponse>('/google/'),
  requestPasswordReset: post<EmailRequest, DetailResponse>('/request-password-reset/'),
  confirmPasswordReset: post<PasswordResetConfirmRequest, DetailResponse>('/password-reset-confirm/'),
};

/** A sign-in call and whether it is out now (forms disable their button meanwhile). */
export function useAuthCall<Body, Reply>(call: (body: Body) => Promise<Reply>) {
  const [pending, setPending] = useState(0);
  const run = useCallback(
    async (body: Body) => {
      setPending((n) => n + 1);
      try {
        return await call(body);
      } finally {
        setPending((n) => n - 1);
      }
    },
    [call],
  );
  return [run, { isLoading: pending > 0 }] as const;
}
