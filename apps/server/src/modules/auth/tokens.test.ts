import { afterEach, describe, expect, it, vi } from 'vitest';
import { limits } from '@jobportal/shared';
import { createTokenSigner } from './tokens';

const claims = { userId: 42, role: 'jobseeker' as const, sessionId: 'session-1' };

afterEach(() => vi.useRealTimers());

describe('access tokens', () => {
  it('accepts a signed token again and again, and still refuses a changed one after the real one was accepted', async () => {
    const signer = createTokenSigner('a-secret-of-enough-length-for-hs256');
    const token = await signer.sign(claims);
    expect(await signer.verify(token)).toEqual(claims);
    expect(await signer.verify(token)).toEqual(claims);
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: '1' })).toString(
      'base64url',
    );
    await expect(signer.verify(`${header}.${forged}.${signature}`)).rejects.toMatchObject({ code: 'token_invalid' });
    await expect(signer.verify(`${token}x`)).rejects.toMatchObject({ code: 'token_invalid' });
    // Another server's secret: refused, though this token is remembered by the first signer.
    await expect(createTokenSigner('another-secret-of-enough-length').verify(token)).rejects.toMatchObject({ code: 'token_invalid' });
  });

  it('refuses a remembered token once it has expired, saying so', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-01-01T10:00:00Z'));
    const signer = createTokenSigner('a-secret-of-enough-length-for-hs256');
    const token = await signer.sign(claims);
    expect(await signer.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date(Date.parse('2031-01-01T10:00:00Z') + (limits.accessTokenTtlSeconds + 1) * 1000));
    await expect(signer.verify(token)).rejects.toMatchObject({
      code: 'token_invalid',
      message: 'Your session has expired. Sign in again.',
    });
  });
});
