import { z } from 'zod';
import { limits } from '../limits';
import { roles, selfServiceRoles } from '../vocabulary';
import { email, timeZoneName } from './common';
import { oneLine } from './text';

export const roleSchema = z.enum(roles);
export const selfServiceRole = z.enum(selfServiceRoles);

export const password = z
  .string()
  .min(limits.passwordMin, `Use at least ${limits.passwordMin} characters.`)
  .max(limits.passwordMax, `Use at most ${limits.passwordMax} characters.`);

export const otpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from the e-mail.');

export const signupRequest = z.object({
  email,
  password,
  full_name: oneLine(z.string().trim().min(1, 'Enter your name.').max(limits.nameMax)),
  role: selfServiceRole,
});
export type SignupRequest = z.infer<typeof signupRequest>;
export const signupResponse = z.object({ user_id: z.number().int(), message: z.string() });
export type SignupResponse = z.infer<typeof signupResponse>;

export const loginRequest = z.object({
  email,
  password: z.string().min(1, 'Enter your password.').max(limits.passwordMax),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const sessionUser = z.object({
  id: z.number().int(),
  email: z.string(),
  full_name: z.string(),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** What every sign-in path answers: password, one-time code and Google. */
export const loginResponse = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  role: roleSchema,
  user: sessionUser,
  companyDetailsSubmitted: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** PATCH /api/account/: the caller's own account; only the time zone changes here (null: not known). */
export const accountUpdate = z.object({ time_zone: timeZoneName.nullable() });
export type AccountUpdate = z.input<typeof accountUpdate>;
export const accountOut = z.object({
  id: z.number().int(),
  email: z.string(),
  full_name: z.string(),
  role: roleSchema,
  /** The IANA zone of the person's browser, as last sent; null until known. */
  time_zone: z.string().nullable(),
});
export type AccountOut = z.infer<typeof accountOut>;

export const emailRequest = z.object({ email });
export type EmailRequest = z.infer<typeof emailRequest>;

export const verifyOtpRequest = z.object({ email, otp: otpCode });
export type VerifyOtpRequest = z.infer<typeof verifyOtpRequest>;

export const refreshRequest = z.object({ refresh: z.string().min(1).max(2000) });
export type RefreshRequest = z.infer<typeof refreshRequest>;
export const refreshResponse = z.object({
  access: z.string(),
  refresh: z.string(),
  /** As at sign-in, read again: an employer removed from a hiring team meanwhile no longer has a company. */
  companyDetailsSubmitted: z.boolean().optional(),
});
export type RefreshResponse = z.infer<typeof refreshResponse>;

export const googleLoginRequest = z.object({
  access_token: z.string().min(1).max(8000),
  role: selfServiceRole.optional(),
});
export type GoogleLoginRequest = z.infer<typeof googleLoginRequest>;

export const passwordResetConfirmRequest = z.object({ email, otp: otpCode, new_password: password });
export type PasswordResetConfirmRequest = z.infer<typeof passwordResetConfirmRequest>;

/** Configuration the server gives the browser, so one build serves any deployment. */
export const publicConfig = z.object({
  googleClientId: z.string().nullable(),
  productName: z.string(),
  /** How long a newly posted or changed job may take to show in job search (the search cache's time to live and grace), in seconds. */
  searchDelaySeconds: z.number().int().min(0),
});
export type PublicConfig = z.infer<typeof publicConfig>;
