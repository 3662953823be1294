import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, importJWK, jwtVerify, SignJWT, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { baseUrl, call, tokenFor } from '../support/api';
import { withDatabase } from '../support/db';

const UNKNOWN_REQUEST = '/api/v1/ledger/requests/00000000-0000-4000-8000-000000000000';

async function postToken(body: BodyInit, contentType: string) {
  const response = await fetch(`${baseUrl()}/api/v1/auth/token`, { method: 'POST', headers: { 'content-type': contentType }, body });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function signingKey(): Promise<{ kid: string; key: CryptoKey | Uint8Array; publicJwk: JWK }> {
  const row = await withDatabase(
    async (client) =>
      (
        await client.query(
          'SELECT kid, "privateJwk", "publicJwk" FROM "SigningKey" WHERE "retiredAt" IS NULL ORDER BY "createdAt" DESC LIMIT 1',
        )
      ).rows[0],
  );
  return { kid: row.kid, key: await importJWK(row.privateJwk, 'ES256'), publicJwk: row.publicJwk };
}

function base64url(value: object | string): string {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
}

describe('POST /api/v1/auth/token', () => {
  it('issues an ES256 JWT with the contract claims for a form-encoded client-credentials grant', async () => {
    const { status, body } = await postToken(
      new URLSearchParams({ grant_type: 'client_credentials', client_id: 'acme-broker', client_secret: 'acme-broker-secret' }),
      'application/x-www-form-urlencoded',
    );
    expect(status).toBe(200);
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBeLessThanOrEqual(3600);
    const token = String(body.access_token);
    expect(decodeProtectedHeader(token).alg).toBe('ES256');
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ aud: 'ledger', sub: 'client:acme-broker', tenant: 'acme', roles: ['broker'] });
    expect(typeof claims.jti).toBe('string');
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(3600);
  });

  it('accepts a JSON body too, and the token verifies against the published JWKS', async () => {
    const { status, body } = await postToken(
      JSON.stringify({ grant_type: 'client_credentials', client_id: 'globex-broker', client_secret: 'globex-broker-secret' }),
      'application/json',
    );
    expect(status).toBe(200);
    const jwks = (await (await fetch(`${baseUrl()}/api/v1/auth/jwks.json`)).json()) as { keys: JWK[] };
    expect(jwks.keys.length).toBeGreaterThan(0);
    expect(jwks.keys.every((key) => key.d === undefined)).toBe(true);
    const { payload } = await jwtVerify(String(body.access_token), createLocalJWKSet(jwks), { audience: 'ledger' });
    expect(payload.tenant).toBe('globex');
  });

  it('answers invalid_client for a wrong secret and an unknown client, and unsupported_grant_type for other grants', async () => {
    const wrong = await postToken(
      new URLSearchParams({ grant_type: 'client_credentials', client_id: 'acme-broker', client_secret: 'nope' }),
      'application/x-www-form-urlencoded',
    );
    expect(wrong).toEqual({ status: 401, body: expect.objectContaining({ error: 'invalid_client' }) });
    const unknown = await postToken(
      new URLSearchParams({ grant_type: 'client_credentials', client_id: 'nobody', client_secret: 'x' }),
      'application/x-www-form-urlencoded',
    );
    expect(unknown).toEqual({ status: 401, body: expect.objectContaining({ error: 'invalid_client' }) });
    const grant = await postToken(
      new URLSearchParams({ grant_type: 'password', client_id: 'acme-broker', client_secret: 'acme-broker-secret' }),
      'application/x-www-form-urlencoded',
    );
    expect(grant).toEqual({ status: 400, body: expect.objectContaining({ error: 'unsupported_grant_type' }) });
  });
});

describe('tenant header and bearer rules', () => {
  it('answers 400 problem+json when X-TENANT-ID is missing', async () => {
    const result = await call(UNKNOWN_REQUEST, { tenant: null, token: await tokenFor('acme-broker') });
    expect(result.status).toBe(400);
    expect(result.headers.get('content-type')).toContain('application/problem+json');
    expect(result.body).toMatchObject({ status: 400, title: 'Bad Request', instance: expect.stringContaining('/requests/') });
    expect(result.body.detail).toContain('X-TENANT-ID');
  });

  it('answers 401 with WWW-Authenticate when the bearer is missing or malformed', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer' },
      { authorization: 'Basic abc' },
      { authorization: 'Bearer not.a.jwt' },
    ]) {
      const result = await call(UNKNOWN_REQUEST, { headers });
      expect(result.status).toBe(401);
      expect(result.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
      expect(result.headers.get('content-type')).toContain('application/problem+json');
    }
  });

  it('answers 403 when the token belongs to another tenant than the header names', async () => {
    const result = await call(UNKNOWN_REQUEST, { tenant: 'globex', token: await tokenFor('acme-broker') });
    expect(result.status).toBe(403);
    const unknownTenant = await call(UNKNOWN_REQUEST, { tenant: 'initech', token: await tokenFor('acme-broker') });
    expect(unknownTenant.status).toBe(403);
  });

  it('lets a valid token of the right tenant through (unknown id: 404) with a correlation id', async () => {
    const result = await call(UNKNOWN_REQUEST, { token: await tokenFor('acme-broker'), headers: { 'x-request-id': 'trace-1234567890' } });
    expect(result.status).toBe(404);
    expect(result.headers.get('x-correlation-id')).toBe('trace-1234567890');
    expect(result.body.correlationId).toBe('trace-1234567890');
  });

  it('answers 404 for an id that is not even a UUID, never a 500', async () => {
    const result = await call('/api/v1/ledger/requests/%27%3B%20DROP%20TABLE', { token: await tokenFor('acme-broker') });
    expect(result.status).toBe(404);
  });

  it('answers 400 for a bad query parameter, naming it', async () => {
    const result = await call(`${UNKNOWN_REQUEST}?longPolling=perhaps`, { token: await tokenFor('acme-broker') });
    expect(result.status).toBe(400);
    expect(result.body.errors[0].path).toBe('/query/longPolling');
  });
});

describe('forged and stale tokens are 401', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const goodClaims = () => ({
    tenant: 'acme',
    roles: ['broker'],
    sub: 'client:acme-broker',
    iss: 'policy-ledger',
    aud: 'ledger',
    iat: now(),
    exp: now() + 600,
    jti: crypto.randomUUID(),
  });

  async function expect401(token: string) {
    const result = await call(UNKNOWN_REQUEST, { token });
    expect(result.status).toBe(401);
    expect(JSON.stringify(result.body)).not.toMatch(/stack|at \w+ \(|prisma|SELECT/i);
  }

  it('a token our key signed correctly passes (control for the cases below)', async () => {
    const { kid, key } = await signingKey();
    const token = await new SignJWT(goodClaims()).setProtectedHeader({ alg: 'ES256', kid }).sign(key);
    expect((await call(UNKNOWN_REQUEST, { token })).status).toBe(404);
  });

  it('alg none', async () => {
    const { kid } = await signingKey();
    await expect401(`${base64url({ alg: 'none', kid, typ: 'JWT' })}.${base64url(goodClaims())}.`);
  });

  it('HS256 signed with the public key as the secret', async () => {
    const { kid, publicJwk } = await signingKey();
    const secret = new TextEncoder().encode(JSON.stringify(publicJwk));
    await expect401(await new SignJWT(goodClaims()).setProtectedHeader({ alg: 'HS256', kid }).sign(secret));
  });

  it('expired', async () => {
    const { kid, key } = await signingKey();
    await expect401(
      await new SignJWT({ ...goodClaims(), iat: now() - 7200, exp: now() - 3600 }).setProtectedHeader({ alg: 'ES256', kid }).sign(key),
    );
  });

  it('not yet valid', async () => {
    const { kid, key } = await signingKey();
    await expect401(await new SignJWT({ ...goodClaims(), nbf: now() + 600 }).setProtectedHeader({ alg: 'ES256', kid }).sign(key));
  });

  it('another audience, another issuer', async () => {
    const { kid, key } = await signingKey();
    await expect401(await new SignJWT({ ...goodClaims(), aud: 'billing' }).setProtectedHeader({ alg: 'ES256', kid }).sign(key));
    await expect401(await new SignJWT({ ...goodClaims(), iss: 'someone-else' }).setProtectedHeader({ alg: 'ES256', kid }).sign(key));
  });

  it('an unknown key id', async () => {
    const { key } = await signingKey();
    await expect401(await new SignJWT(goodClaims()).setProtectedHeader({ alg: 'ES256', kid: 'not-our-key' }).sign(key));
  });

  it('tampered claims with the original signature', async () => {
    const token = await tokenFor('acme-broker');
    const [header, , signature] = token.split('.');
    const claims = { ...decodeJwt(token), roles: ['admin'] };
    await expect401(`${header}.${base64url(claims)}.${signature}`);
  });
});

describe('platform endpoints', () => {
  it('GET /api/health answers 200 when the database is reachable', async () => {
    const response = await fetch(`${baseUrl()}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('serves an OpenAPI 3.1 document that lists the ledger endpoints, and a readable reference at /docs', async () => {
    const document = (await (await fetch(`${baseUrl()}/api/v1/ledger/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/v1/auth/token', '/api/v1/ledger/requests/{requestId}']));
    const page = await fetch(`${baseUrl()}/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/api/v1/ledger/requests/{requestId}');
  });
});
