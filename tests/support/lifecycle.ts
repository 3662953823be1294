import { expect } from 'vitest';
import { call } from './api';

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON payloads of any product */

// Walks quotes through the lifecycle over HTTP, for tests that need a quote in some state.

export type ProductCode = 'home' | 'travel' | 'pet';

const examples = new Map<string, Record<string, any>>();

/** The product's example payload from GET /products (a fresh deep copy). */
export async function examplePayload(token: string, product: ProductCode, tenant = 'acme'): Promise<Record<string, any>> {
  if (!examples.has(product)) {
    const result = await call('/api/v1/ledger/products', { token, tenant });
    expect(result.status).toBe(200);
    for (const entry of result.body.data) examples.set(entry.code, entry.example);
  }
  return structuredClone(examples.get(product)!);
}

export async function createQuote(
  token: string,
  product: ProductCode = 'home',
  patch?: (payload: Record<string, any>) => void,
  tenant = 'acme',
): Promise<string> {
  const payload = await examplePayload(token, product, tenant);
  patch?.(payload);
  const created = await call('/api/v1/ledger/sales/policies/create', { token, tenant, body: payload });
  expect(created.status, created.text).toBe(200);
  return created.body.policy.id as string;
}

/** Long-polls the actions call until the quote is ready; returns its body. */
export async function waitUntilReady(token: string, id: string, tenant = 'acme'): Promise<Record<string, any>> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const actions = await call(`/api/v1/ledger/sales/policies/actions/${id}?longPolling=true`, { token, tenant });
    if (actions.status === 200) return actions.body;
    expect(actions.status).toBe(202);
  }
  throw new Error(`quote ${id} did not become ready`);
}

export async function calculatedQuote(
  token: string,
  product: ProductCode = 'home',
  patch?: (payload: Record<string, any>) => void,
  tenant = 'acme',
): Promise<string> {
  const id = await createQuote(token, product, patch, tenant);
  await waitUntilReady(token, id, tenant);
  const calculated = await call(`/api/v1/ledger/sales/policies/${id}/calculate`, { token, tenant, body: {} });
  expect(calculated.status, calculated.text).toBe(200);
  return id;
}

export async function boundQuote(
  token: string,
  product: ProductCode = 'home',
  patch?: (payload: Record<string, any>) => void,
  tenant = 'acme',
): Promise<string> {
  const id = await calculatedQuote(token, product, patch, tenant);
  const bound = await call(`/api/v1/ledger/sales/policies/${id}/bind`, { token, tenant, body: {} });
  expect(bound.status, bound.text).toBe(200);
  return id;
}

/** Long-polls a request until it leaves pending. */
export async function waitForRequest(token: string, requestId: string, tenant = 'acme'): Promise<Record<string, any>> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const result = await call(`/api/v1/ledger/requests/${requestId}?longPolling=true`, { token, tenant });
    expect(result.status).toBe(200);
    if (result.body.status !== 'pending') return result.body;
  }
  throw new Error(`request ${requestId} stayed pending`);
}

/** A quote walked to an issued, active policy; returns its id and number. */
export async function issuePolicy(
  token: string,
  product: ProductCode = 'home',
  patch?: (payload: Record<string, any>) => void,
  tenant = 'acme',
): Promise<{ id: string; policyNumber: string }> {
  const id = await boundQuote(token, product, patch, tenant);
  const issued = await call(`/api/v1/ledger/sales/policies/${id}/issue`, { token, tenant, body: {} });
  expect(issued.status, issued.text).toBe(200);
  const request = await waitForRequest(token, issued.body.requestId, tenant);
  expect(request.status, JSON.stringify(request)).toBe('success');
  return { id, policyNumber: request.data.policyNumber };
}
