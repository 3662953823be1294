import { readBodyText } from '@/lib/http/body';
import { correlationIdFor } from '@/lib/http/context';
import { problemFromError } from '@/lib/http/problem';
import { log } from '@/lib/log';
import { authenticateClient } from './credentials';
import { guardedSignIn } from './sign-in-guard';
import { clientAddress } from './throttle';
import { issueAccessToken } from './tokens';

// OAuth 2.0 client-credentials grant (RFC 6749 §4.4). Errors here use the OAuth error shape,
// the one place that does not answer problem+json (API-CONTRACT §1).

const FORM_BYTES_MAX = 8 * 1024;

export async function exchangeClientCredentials(request: Request): Promise<Response> {
  const correlationId = correlationIdFor(request);
  try {
    const params = await readParams(request);
    if (!params) return oauthError(400, 'invalid_request', 'The body must be form-encoded or JSON', correlationId);
    const basic = basicCredentials(request.headers.get('authorization'));
    const grantType = params.get('grant_type');
    const clientId = basic?.clientId ?? params.get('client_id');
    const clientSecret = basic?.clientSecret ?? params.get('client_secret');
    if (grantType !== 'client_credentials') {
      return oauthError(
        400,
        grantType ? 'unsupported_grant_type' : 'invalid_request',
        'grant_type must be client_credentials',
        correlationId,
      );
    }
    if (!clientId || !clientSecret) return oauthError(401, 'invalid_client', 'Client authentication failed', correlationId);
    const attempt = {
      kind: 'client' as const,
      account: clientId.slice(0, 256),
      address: clientAddress(request.headers.get('x-forwarded-for')),
    };
    // Throttled guessing answers 429 with Retry-After (problem+json, like every 429 of the service).
    const party = await guardedSignIn(attempt, () => authenticateClient(clientId, clientSecret));
    if (!party) {
      log.info('token refused', { correlationId, clientId });
      return oauthError(401, 'invalid_client', 'Client authentication failed', correlationId);
    }
    const token = await issueAccessToken(party);
    return Response.json(
      { access_token: token.accessToken, token_type: 'Bearer', expires_in: token.expiresInSeconds, scope: party.roles.join(' ') },
      { headers: { 'cache-control': 'no-store', pragma: 'no-cache', 'x-correlation-id': correlationId } },
    );
  } catch (error) {
    return problemFromError(error, new URL(request.url).pathname, correlationId);
  }
}

async function readParams(request: Request): Promise<URLSearchParams | null> {
  const text = await readBodyText(request, FORM_BYTES_MAX);
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json') {
    try {
      const body = JSON.parse(text) as unknown;
      if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(body)) if (typeof value === 'string') params.set(key, value);
      return params;
    } catch {
      return null;
    }
  }
  if (type === 'application/x-www-form-urlencoded' || type === '') return new URLSearchParams(text);
  return null;
}

function basicCredentials(header: string | null): { clientId: string; clientSecret: string } | null {
  const match = header ? /^Basic ([A-Za-z0-9+/=]+)$/.exec(header.trim()) : null;
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  try {
    return { clientId: decodeURIComponent(decoded.slice(0, colon)), clientSecret: decodeURIComponent(decoded.slice(colon + 1)) };
  } catch {
    return null; // malformed percent-encoding: not credentials at all
  }
}

function oauthError(status: number, error: string, description: string, correlationId: string): Response {
  const headers: Record<string, string> = { 'cache-control': 'no-store', 'x-correlation-id': correlationId };
  if (status === 401) headers['www-authenticate'] = 'Basic realm="ledger"';
  return Response.json({ error, error_description: description }, { status, headers });
}
