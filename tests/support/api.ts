import { inject } from 'vitest';
import { assertDocumented } from './openapi-check';

// A small HTTP client for API tests: real requests to the running app, nothing mocked.

let baseUrlOverride: string | undefined;
const tokens = new Map<string, string>();

/** The app under test: the global setup's stack, or the one a chaos test started itself (`useStack`). */
export const baseUrl = (): string => baseUrlOverride ?? inject('baseUrl');

/** Points `call`, `tokenFor` and `withDatabase` at a stack the test file started itself. */
export function targetApp(url: string): void {
  baseUrlOverride = url;
  tokens.clear();
}

export interface CallOptions {
  method?: string;
  token?: string | null;
  tenant?: string | null;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface CallResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export async function call<T = any>(path: string, options: CallOptions = {}): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.tenant !== null) headers['x-tenant-id'] = options.tenant ?? 'acme';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json; charset=UTF-8';
  }
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  const response = await fetch(`${baseUrl()}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  // Every answer must be one the OpenAPI document declares; a mismatch fails the calling test.
  await assertDocumented(baseUrl(), { method, url: response.url, status: response.status, headers: response.headers, text, body: parsed });
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

/** An access token for a demo API client (`acme-broker`, `acme-underwriter`, `acme-admin`, `globex-broker`). */
export async function tokenFor(clientId: string): Promise<string> {
  const cached = tokens.get(clientId);
  if (cached) return cached;
  const response = await fetch(`${baseUrl()}/api/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: `${clientId}-secret` }),
  });
  if (response.status !== 200) throw new Error(`token for ${clientId}: ${response.status} ${await response.text()}`);
  const token = ((await response.json()) as { access_token: string }).access_token;
  tokens.set(clientId, token);
  return token;
}
