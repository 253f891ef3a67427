import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { limits, roleSchema, type Role } from '@jobportal/shared';
import { AppError } from '../../lib/app-error';

export interface AccessClaims {
  userId: number;
  role: Role;
  sessionId: string;
}

const ISSUER = 'hireloop';
const AUDIENCE = 'hireloop-api';

/** Signs and checks the short-lived access tokens (HS256 with the server's secret). */
export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ role: claims.role, sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${limits.accessTokenTtlSeconds}s`)
        .sign(key);
    },
    async verify(token: string): Promise<AccessClaims> {
      try {
        // A token without an expiry (or issue time, subject, issuer, audience) is refused even when signed.
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'iat', 'sub', 'iss', 'aud'],
          maxTokenAge: `${limits.accessTokenTtlSeconds + 60}s`,
        });
        const role = roleSchema.safeParse(payload.role);
        const userId = /^\d{1,10}$/.test(payload.sub ?? '') ? Number(payload.sub) : Number.NaN;
        if (!role.success || !Number.isInteger(userId) || typeof payload.sid !== 'string') throw new Error('claims');
        return { userId, role: role.data, sessionId: payload.sid };
      } catch (error) {
        const expired = error instanceof joseErrors.JWTExpired;
        throw new AppError(
          'token_invalid',
          expired ? 'Your session has expired. Sign in again.' : 'Your sign-in is not valid. Sign in again.',
        );
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
