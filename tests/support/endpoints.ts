import type { Endpoint } from '@/lib/api/endpoint';
import { ALL_ENDPOINTS } from '@/lib/api/endpoints';

// Drives the matrix tests from the endpoint registry, so a new endpoint is covered the day it
// is registered. A new endpoint whose body `{}` does not pass its schema needs a sample here.

/** A body that passes each endpoint's request schema (not necessarily the product schema). */
const SAMPLE_BODIES: Record<string, unknown> = {
  createQuote: {},
  updateQuote: { customer: { phone: '+44 20 7946 0999' } },
  referQuote: { comment: 'please look' },
  decideReferral: { decision: 'approve', comment: 'fine' },
  declineQuote: [{ reason: 'other' }, { declinedAt: '2026-01-01' }],
  adjustPolicy: { effectiveDate: '2026-06-01', customer: { phone: '+44 20 7946 0998' } },
  changePolicyData: { customer: { phone: '+44 20 7946 0997' } },
  terminatePolicy: { effectiveDate: '2026-06-01', reason: 'other', terminationType: 'pro-rata' },
  recordPayment: { amount: 1, currency: 'GBP', receivedOn: '2026-01-01', method: 'card' },
  reversePayment: { reason: 'test' },
  recordRefund: { amount: 1, currency: 'GBP', paidOn: '2026-01-01', method: 'card' },
};

export function sampleBody(endpoint: Endpoint): unknown {
  if (!endpoint.body) return undefined;
  if (endpoint.operationId in SAMPLE_BODIES) return SAMPLE_BODIES[endpoint.operationId];
  return {};
}

export const ledgerEndpoints = (): Endpoint[] => ALL_ENDPOINTS.filter((endpoint) => endpoint.path.startsWith('/api/v1/ledger/'));

/** Path parameters of an endpoint (`{id}`, `{requestId}`, ...). */
export function pathParams(endpoint: Endpoint): string[] {
  return [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

/** Parameters that name a tenant's record (everything but reference data such as a product code). */
export function isRecordParam(name: string): boolean {
  return name === 'id' || name.endsWith('Id');
}

export function fillPath(endpoint: Endpoint, values: Record<string, string>): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? 'missing'));
}
