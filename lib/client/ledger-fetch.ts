import { pageLanguage } from './language';
import { LedgerProblem, type ProblemBody } from './problem';

// The pages call the same ledger API as any integrator: bearer token from the next-auth
// session, the tenant header, JSON bodies, problem+json errors.

export const LEDGER_BASE = '/api/v1/ledger';

export interface LedgerCredentials {
  accessToken: string;
  tenant: string;
}

export interface LedgerRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  accept?: string;
  /** The ETag of the read the change is based on; a stale one is refused with 409. */
  ifMatch?: string;
  /** One per intended change (a form submission), so a repeated click records it once. */
  idempotencyKey?: string;
}

export interface LedgerAnswer<T> {
  status: number;
  body: T;
  headers: Headers;
}

function urlOf(path: string, query: LedgerRequest['query']): string {
  const url = path.startsWith('/api/') ? path : `${LEDGER_BASE}${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

export function ledgerHeaders(credentials: LedgerCredentials, extra: Record<string, string> = {}): Record<string, string> {
  return {
    authorization: `Bearer ${credentials.accessToken}`,
    'x-tenant-id': credentials.tenant,
    'accept-language': pageLanguage(),
    ...extra,
  };
}

/** Any status below 400 is an answer; 4xx and 5xx throw a LedgerProblem. */
export async function ledgerFetch<T>(credentials: LedgerCredentials, path: string, request: LedgerRequest = {}): Promise<LedgerAnswer<T>> {
  const headers = ledgerHeaders(credentials, { accept: request.accept ?? 'application/json' });
  if (request.body !== undefined) headers['content-type'] = 'application/json; charset=UTF-8';
  if (request.ifMatch) headers['if-match'] = request.ifMatch;
  if (request.idempotencyKey) headers['idempotency-key'] = request.idempotencyKey;
  const response = await fetch(urlOf(path, request.query), {
    method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    signal: request.signal,
    cache: 'no-store',
  });
  const text = await response.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (response.status >= 400) {
    const problem: ProblemBody = typeof body === 'object' && body !== null ? (body as ProblemBody) : { detail: String(body ?? '') };
    throw new LedgerProblem(response.status, problem);
  }
  return { status: response.status, body: body as T, headers: response.headers };
}

/** For binary answers (documents): the raw response, problems thrown as above. */
export async function ledgerBlob(credentials: LedgerCredentials, path: string, method: 'GET' | 'POST' = 'GET'): Promise<Response> {
  const response = await fetch(urlOf(path, undefined), { method, headers: ledgerHeaders(credentials), cache: 'no-store' });
  if (response.status >= 400) {
    let problem: ProblemBody = {};
    try {
      problem = (await response.json()) as ProblemBody;
    } catch {
      problem = { detail: `The ledger answered ${response.status}` };
    }
    throw new LedgerProblem(response.status, problem);
  }
  return response;
}
