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

/** How many checked tokens a process remembers (the oldest is forgotten first). */
const rememberedTokens = 10_000;

/**
 * Signs and checks the short-lived access tokens (HS256 with the server's secret). A token whose
 * signature and claims were checked is remembered until it expires: jose's HMAC through WebCrypto
 * cost ~0.9 ms of the event loop per request (a CPU profile of bench:chat), and a client sends the
 * same token for its 15 minutes. Remembering changes nothing about what is accepted: a token is
 * only remembered after passing every check, the exact string is the key, an expired one is
 * checked again (and refused), and the session behind it is still read on every request.
 */
export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);
  const checked = new Map<string, { claims: AccessClaims; expiresAt: number }>();
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
      const known = checked.get(token);
      if (known && known.expiresAt > Date.now()) return known.claims;
      checked.delete(token);
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
        const claims = { userId, role: role.data, sessionId: payload.sid };
        if (checked.size >= rememberedTokens) checked.delete(checked.keys().next().value!);
        checked.set(token, { claims, expiresAt: payload.exp! * 1000 });
        return claims;
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
