import { randomUUID } from 'node:crypto';
import { decodeProtectedHeader, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { Unauthenticated } from '@/lib/errors';
import { CLOCK_TOLERANCE_SECONDS, TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_TTL_SECONDS, tokenIssuer } from './config';
import { currentSigningKey, verificationKey } from './keys';
import { cachedPrincipal, rememberToken } from './token-cache';
import type { Principal } from './principal';
import { isRole, type Role } from './roles';

export interface IssuedToken {
  accessToken: string;
  expiresInSeconds: number;
  expiresAtMs: number;
}

export async function issueAccessToken(input: { subject: string; tenantTag: string; roles: Role[] }): Promise<IssuedToken> {
  const { kid, key } = await currentSigningKey();
  const nowSeconds = Math.floor(Date.now() / 1000);
  const accessToken = await new SignJWT({ tenant: input.tenantTag, roles: input.roles })
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, kid, typ: 'at+jwt' })
    .setIssuer(tokenIssuer())
    .setAudience(TOKEN_AUDIENCE)
    .setSubject(input.subject)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + TOKEN_TTL_SECONDS)
    .setJti(randomUUID())
    .sign(key);
  return { accessToken, expiresInSeconds: TOKEN_TTL_SECONDS, expiresAtMs: (nowSeconds + TOKEN_TTL_SECONDS) * 1000 };
}

/**
 * Verifies a bearer token: only our algorithm, our issuer and audience, a known key id,
 * and the claims we rely on. Anything else is 401, with no hint of which check failed.
 */
export async function verifyAccessToken(token: string): Promise<Principal> {
  // Verified before and not expired (./token-cache.ts, bounded and dropped on revocation).
  const cached = cachedPrincipal(token);
  if (cached) return cached;
  let kid: string | undefined;
  try {
    const header = decodeProtectedHeader(token);
    if (header.alg !== TOKEN_ALGORITHM) throw new Unauthenticated('The access token is invalid');
    kid = header.kid;
  } catch {
    throw new Unauthenticated('The access token is invalid');
  }
  const key = await verificationKey(kid);
  if (!key) throw new Unauthenticated('The access token is invalid');
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [TOKEN_ALGORITHM],
      issuer: tokenIssuer(),
      audience: TOKEN_AUDIENCE,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['sub', 'exp', 'iat', 'jti'],
      maxTokenAge: `${TOKEN_TTL_SECONDS + CLOCK_TOLERANCE_SECONDS}s`,
    });
    const roles = Array.isArray(payload.roles) ? payload.roles.filter(isRole) : [];
    if (typeof payload.tenant !== 'string' || !payload.sub || !payload.jti) {
      throw new Unauthenticated('The access token is invalid');
    }
    const principal: Principal = { subject: payload.sub, tenantTag: payload.tenant, roles, tokenId: payload.jti };
    if (payload.exp !== undefined) rememberToken(token, principal, payload.exp, kid);
    return principal;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new Unauthenticated('The access token has expired');
    throw new Unauthenticated('The access token is invalid');
  }
}
