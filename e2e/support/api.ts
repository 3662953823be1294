import { expect } from '@playwright/test';
import { baseUrl } from './session';

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON payloads of any product */

// State for journeys whose subject is not creating it (changes, renewal, referrals): set up over
// the ledger API as an integrator would (client credentials, X-TENANT-ID), which is seconds faster
// than walking the pages. Creation itself keeps its page journeys (quote-to-policy.spec.ts).

export type ProductCode = 'home' | 'travel' | 'pet';

const tokens = new Map<string, string>();
const examples = new Map<string, Record<string, any>>();

export interface ApiAnswer<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** An access token for a demo API client (`acme-broker`, `acme-underwriter`). */
export async function apiToken(clientId = 'acme-broker'): Promise<string> {
  const cached = tokens.get(clientId);
  if (cached) return cached;
  const response = await fetch(`${baseUrl()}/api/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: `${clientId}-secret` }),
  });
  expect(response.status, 'token request').toBe(200);
  const token = ((await response.json()) as { access_token: string }).access_token;
  tokens.set(clientId, token);
  return token;
}

export async function api<T = any>(
  path: string,
  options: { method?: string; body?: unknown; headers?: Record<string, string>; client?: string } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${await apiToken(options.client)}`,
    'x-tenant-id': 'acme',
    ...options.headers,
  };
  if (options.body !== undefined) headers['content-type'] = 'application/json; charset=UTF-8';
  const response = await fetch(`${baseUrl()}/api/v1/ledger${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body: body as T, text };
}

async function ok<T = any>(path: string, options: Parameters<typeof api>[1] = {}): Promise<T> {
  const answer = await api<T>(path, options);
  expect(answer.status, `${options.method ?? 'POST'} ${path}: ${answer.text}`).toBeLessThan(300);
  return answer.body;
}

async function example(product: ProductCode): Promise<Record<string, any>> {
  if (!examples.has(product)) {
    const products = await ok<{ data: { code: string; example: Record<string, any> }[] }>('/products', { method: 'GET' });
    for (const entry of products.data) examples.set(entry.code, entry.example);
  }
  return structuredClone(examples.get(product)!);
}

/** A quote from the product's example, waited for until enrichment and rating are done. */
export async function readyQuote(product: ProductCode, patch?: (payload: Record<string, any>) => void): Promise<string> {
  const payload = await example(product);
  patch?.(payload);
  const created = await ok<{ policy: { id: string } }>('/sales/policies/create', { body: payload });
  const id = created.policy.id;
  for (let attempt = 0; attempt < 10; attempt++) {
    const actions = await api(`/sales/policies/actions/${id}?longPolling=true`);
    if (actions.status === 200) return id;
    expect(actions.status, actions.text).toBe(202);
  }
  throw new Error(`quote ${id} did not become ready`);
}

export async function calculatedQuote(product: ProductCode, patch?: (payload: Record<string, any>) => void): Promise<string> {
  const id = await readyQuote(product, patch);
  await ok(`/sales/policies/${id}/calculate`, { body: {} });
  return id;
}

/** A quote walked to an active policy over the API; the policy page is /policies/{id}. */
export async function issuedPolicy(product: ProductCode, patch?: (payload: Record<string, any>) => void): Promise<string> {
  const id = await calculatedQuote(product, patch);
  await ok(`/sales/policies/${id}/bind`, { body: {} });
  const issued = await ok<{ requestId: string }>(`/sales/policies/${id}/issue`, { body: {} });
  for (let attempt = 0; attempt < 10; attempt++) {
    const request = await ok<{ status: string; data?: { policyId?: string } }>(`/requests/${issued.requestId}?longPolling=true`, {
      method: 'GET',
    });
    if (request.status === 'success') return request.data?.policyId ?? id;
    expect(request.status, JSON.stringify(request)).toBe('pending');
  }
  throw new Error(`policy of quote ${id} was not issued`);
}

/** The policy's term as the API gives it: inception and expiry as `YYYY-MM-DD`. */
export async function termOf(id: string): Promise<{ inception: string; expiry: string }> {
  const read = await api(`/policies/${id}/links?forceCoverageDateFormat=true`);
  expect(read.status, read.text).toBe(200);
  return { inception: read.body.data.policy.dateInception, expiry: read.body.data.policy.dateExpiry };
}

/** Waits until the policy's own documents (produced in the background after issue, version 1 on) are listed. */
export async function documentsOf(id: string): Promise<{ title: string; type: string }[]> {
  for (let attempt = 0; attempt < 60; attempt++) {
    const listing = await ok<{ data: { title: string; type: string; version: number }[] }>(`/policies/${id}/documents`, { method: 'GET' });
    const policyDocuments = listing.data.filter((document) => document.version >= 1);
    if (policyDocuments.length > 0) return policyDocuments;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`policy ${id} has no documents`);
}

/** A home quote sent to an underwriter with the comment; its customer is called `lastName`. */
export async function referredQuote(lastName: string, comment: string): Promise<string> {
  const id = await readyQuote('home', (payload) => {
    payload.customer.lastName = lastName;
  });
  await ok(`/sales/policies/${id}/referrals`, { body: { comment } });
  return id;
}

/** How many quotes of the tenant are in a state. */
export async function countQuotes(status: string): Promise<number> {
  const list = await ok<{ meta: { total: number } }>(`/sales/policies?status=${status}&pageSize=1`, { method: 'GET' });
  return list.meta.total;
}
