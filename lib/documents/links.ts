// Signed download links (API-CONTRACT §1): `GET /documents/{id}?token=…` with only the tenant
// header, for a browser or an e-mail. The token is a JWT signed with the service's own ES256 keys
// (lib/auth/keys.ts): no second secret to store or rotate, rotation works as for access tokens, and
// its own audience and type keep it from ever passing as a bearer token (nor a bearer as a link).
// It names one document of one tenant and expires after a few minutes.

import { decodeProtectedHeader, errors as joseErrors, jwtVerify, SignJWT, type CryptoKey } from 'jose';
import { CLOCK_TOLERANCE_SECONDS, TOKEN_ALGORITHM, tokenIssuer } from '@/lib/auth/config';
import { currentSigningKey, verificationKey } from '@/lib/auth/keys';
import { Unauthenticated } from '@/lib/errors';

export const DOCUMENT_LINK_AUDIENCE = 'ledger:document';
const LINK_TYPE = 'document-link+jwt';
/** Long enough to click a link in a listing, short enough that a leaked link soon stops working. */
export const DOCUMENT_LINK_TTL_SECONDS = Math.min(Number(process.env.DOCUMENT_LINK_TTL_SECONDS ?? 900), 3600);

type Key = CryptoKey | Uint8Array;

export interface DocumentLinkClaims {
  documentId: string;
  tenantTag: string;
}

export async function signDocumentLinkWith(
  key: { kid: string; key: Key },
  claims: DocumentLinkClaims,
  options: { nowSeconds?: number; ttlSeconds?: number } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  const exp = now + (options.ttlSeconds ?? DOCUMENT_LINK_TTL_SECONDS);
  const token = await new SignJWT({ tenant: claims.tenantTag })
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, kid: key.kid, typ: LINK_TYPE })
    .setIssuer(tokenIssuer())
    .setAudience(DOCUMENT_LINK_AUDIENCE)
    .setSubject(claims.documentId)
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .sign(key.key);
  return { token, expiresAt: new Date(exp * 1000) };
}

/** Checks signature, issuer, audience, type and expiry; 401 on any failure, with why only for expiry. */
export async function verifyDocumentLinkWith(
  token: string,
  keyFor: (kid: string | undefined) => Promise<Key | undefined>,
  options: { currentDate?: Date } = {},
): Promise<DocumentLinkClaims> {
  const invalid = () => new Unauthenticated('The download link is invalid');
  let kid: string | undefined;
  try {
    const header = decodeProtectedHeader(token);
    if (header.alg !== TOKEN_ALGORITHM || header.typ !== LINK_TYPE) throw invalid();
    kid = header.kid;
  } catch {
    throw invalid();
  }
  const key = await keyFor(kid);
  if (!key) throw invalid();
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [TOKEN_ALGORITHM],
      issuer: tokenIssuer(),
      audience: DOCUMENT_LINK_AUDIENCE,
      typ: LINK_TYPE,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['sub', 'exp', 'iat'],
      currentDate: options.currentDate,
    });
    if (typeof payload.tenant !== 'string' || !payload.sub) throw invalid();
    return { documentId: payload.sub, tenantTag: payload.tenant };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new Unauthenticated('The download link has expired');
    throw invalid();
  }
}

export async function signDocumentLink(claims: DocumentLinkClaims): Promise<{ token: string; expiresAt: Date }> {
  return signDocumentLinkWith(await currentSigningKey(), claims);
}

export function verifyDocumentLink(token: string): Promise<DocumentLinkClaims> {
  return verifyDocumentLinkWith(token, verificationKey);
}

/** The download path with its signed token, relative to the service's base URL. */
export async function signedDocumentHref(documentId: string, tenantTag: string): Promise<string> {
  const { token } = await signDocumentLink({ documentId, tenantTag });
  return `/api/v1/ledger/documents/${documentId}?token=${encodeURIComponent(token)}`;
}
