import { createRemoteJWKSet, jwtVerify } from 'jose';
import { AppError } from '../../lib/app-error';

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
}

/** Checks a Google ID token: signature against the key set, audience, issuer and expiry. */
export function createGoogleVerifier(options: { clientId: string | undefined; jwksUrl: string; issuers: string[] }) {
  const keys = createRemoteJWKSet(new URL(options.jwksUrl), { cooldownDuration: 30_000, timeoutDuration: 5_000 });
  return async function verifyGoogleToken(idToken: string): Promise<GoogleIdentity> {
    // A client's call, not a server fault: a 404 with its own code, logged as nothing worse than a request.
    if (!options.clientId)
      throw new AppError('method_not_offered', 'Google sign-in is not offered on this server. Sign in with your e-mail instead.');
    let payload;
    try {
      ({ payload } = await jwtVerify(idToken, keys, {
        audience: options.clientId,
        issuer: options.issuers,
        algorithms: ['RS256'],
      }));
    } catch {
      throw new AppError('google_token_invalid', 'Google sign-in could not be confirmed. Try again.');
    }
    const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : undefined;
    if (!payload.sub || !email || payload.email_verified !== true) {
      throw new AppError('google_token_invalid', 'Your Google account has no verified e-mail address.');
    }
    const name = typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : email.split('@')[0]!;
    return { sub: payload.sub, email, name };
  };
}
