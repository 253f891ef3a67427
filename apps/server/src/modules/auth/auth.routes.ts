import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emailRequest,
  googleLoginRequest,
  loginRequest,
  loginResponse,
  messageBody,
  passwordResetConfirmRequest,
  refreshRequest,
  refreshResponse,
  signupRequest,
  signupResponse,
  verifyOtpRequest,
} from '@jobportal/shared';
import type { AuthService, ClientInfo } from './auth.service';

const client = (request: FastifyRequest): ClientInfo => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
const tags = ['auth'];

export function authRoutes(app: FastifyInstance, { auth }: { auth: AuthService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/signup/', {
    schema: {
      tags,
      summary: 'Create a job seeker or employer account; e-mails a 6-digit code',
      body: signupRequest,
      response: { 201: signupResponse },
    },
    handler: async (request, reply) => reply.code(201).send(await auth.signup(request.body, client(request))),
  });

  r.post('/api/login/', {
    schema: { tags, summary: 'Sign in with e-mail and password', body: loginRequest, response: { 200: loginResponse } },
    handler: (request) => auth.login(request.body, client(request)),
  });

  r.post('/api/admin/login/', {
    schema: { tags, summary: 'Sign in as an administrator', body: loginRequest, response: { 200: loginResponse } },
    handler: (request) => auth.login(request.body, client(request), { adminOnly: true }),
  });

  for (const path of ['/api/send-otp/', '/api/resend-otp/']) {
    r.post(path, {
      schema: {
        tags,
        summary: 'E-mail a sign-in code (same answer whether or not the account exists)',
        body: emailRequest,
        response: { 200: messageBody },
      },
      handler: (request) => auth.sendSignInCode(request.body.email, client(request)),
    });
  }

  r.post('/api/verify-otp/', {
    schema: {
      tags,
      summary: 'Check a sign-in code: verifies the e-mail and signs in',
      body: verifyOtpRequest,
      response: { 200: loginResponse },
    },
    handler: (request) => auth.verifySignInCode(request.body, client(request)),
  });

  r.post('/api/token/refresh/', {
    schema: { tags, summary: 'Rotate a refresh token for a new access token', body: refreshRequest, response: { 200: refreshResponse } },
    handler: (request) => auth.refresh(request.body.refresh, client(request)),
  });

  r.post('/api/logout/', {
    schema: { tags, summary: 'Revoke the session of a refresh token', body: refreshRequest, response: { 200: messageBody } },
    handler: (request) => auth.logout(request.body.refresh),
  });

  r.post('/api/google/', {
    schema: {
      tags,
      summary: 'Sign in with a Google ID token; role is used only for a new account',
      body: googleLoginRequest,
      response: { 200: loginResponse },
    },
    handler: (request) => auth.googleLogin(request.body, client(request)),
  });

  r.post('/api/request-password-reset/', {
    schema: { tags, summary: 'E-mail a password reset code', body: emailRequest, response: { 200: messageBody } },
    handler: (request) => auth.requestPasswordReset(request.body.email, client(request)),
  });

  r.post('/api/password-reset-confirm/', {
    schema: {
      tags,
      summary: 'Set a new password with the e-mailed code; signs out every session',
      body: passwordResetConfirmRequest,
      response: { 200: messageBody },
    },
    handler: (request) => auth.confirmPasswordReset(request.body, client(request)),
  });
}
