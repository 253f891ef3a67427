import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@jobportal/shared';
import { AppError, notAuthenticated } from './app-error';

export interface Viewer {
  userId: number;
  role: Role;
  sessionId: string;
  /** The company this user works for (an employer: its owner or a recruiter), read on every request. */
  companyId: number | null;
  companyRole: 'owner' | 'recruiter' | null;
  /** The request's id, written into the audit log beside what this viewer changed. */
  requestId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
  interface FastifyInstance {
    /** onRequest hook: a signed-in user with one of these roles (any role when none given). */
    requireRole(...roles: Role[]): onRequestHookHandler;
    /** onRequest hook for routes anyone may call: sets request.viewer when a bearer token is sent. */
    identifyViewer: onRequestHookHandler;
  }
}

export type Authenticate = (token: string) => Promise<Omit<Viewer, 'requestId'>>;

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** Who may call what, in one place: routes name the roles, this checks the token and the role. */
export const accessPlugin = fp<{ authenticate: Authenticate }>(async (app: FastifyInstance, { authenticate }) => {
  app.decorateRequest('viewer', null);
  app.decorate('requireRole', (...roles: Role[]): onRequestHookHandler => {
    return async (request) => {
      const token = bearer(request);
      if (!token) throw notAuthenticated();
      request.viewer = { ...(await authenticate(token)), requestId: request.id };
      if (roles.length && !roles.includes(request.viewer.role)) {
        throw new AppError('permission_denied', 'Your account is not allowed to do that.');
      }
    };
  });
  // A token that is sent must be good (401 lets the client refresh it); no token means anonymous.
  app.decorate('identifyViewer', async (request: FastifyRequest) => {
    const token = bearer(request);
    request.viewer = token ? { ...(await authenticate(token)), requestId: request.id } : null;
  });
});

/** The signed-in viewer of a route guarded by requireRole. */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw notAuthenticated();
  return request.viewer;
}
