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
import { api } from '../../../lib/api/api-slice';

export interface DetailResponse {
  detail: string;
}

/** Sign-in, sign-up and password reset calls (decisions.md, "Accounts and sign-in"). */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: '/login/', method: 'POST', body }),
    }),
    adminLogin: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: '/admin/login/', method: 'POST', body }),
    }),
    // The spec checks the reply for user_id, so the type admits a reply without it.
    signup: build.mutation<Partial<SignupResponse>, SignupRequest>({
      query: (body) => ({ url: '/signup/', method: 'POST', body }),
    }),
    sendOtp: build.mutation<DetailResponse, EmailRequest>({
      query: (body) => ({ url: '/send-otp/', method: 'POST', body }),
    }),
    resendOtp: build.mutation<DetailResponse, EmailRequest>({
      query: (body) => ({ url: '/resend-otp/', method: 'POST', body }),
    }),
    verifyOtp: build.mutation<LoginResponse, VerifyOtpRequest>({
      query: (body) => ({ url: '/verify-otp/', method: 'POST', body }),
    }),
    googleLogin: build.mutation<LoginResponse, GoogleLoginRequest>({
      query: (body) => ({ url: '/google/', method: 'POST', body }),
    }),
    requestPasswordReset: build.mutation<DetailResponse, EmailRequest>({
      query: (body) => ({ url: '/request-password-reset/', method: 'POST', body }),
    }),
    confirmPasswordReset: build.mutation<DetailResponse, PasswordResetConfirmRequest>({
      query: (body) => ({ url: '/password-reset-confirm/', method: 'POST', body }),
    }),
  }),
});

export const {
  useLoginMutation,
  useAdminLoginMutation,
  useSignupMutation,
  useSendOtpMutation,
  useResendOtpMutation,
  useVerifyOtpMutation,
  useGoogleLoginMutation,
  useRequestPasswordResetMutation,
  useConfirmPasswordResetMutation,
} = authApi;
