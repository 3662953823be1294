import type { PublicEventType } from './types';

// The stable payload of each public event (README, "Events out"). Every event carries the same
// envelope; `data` names the record (object, id, number), a small snapshot of the quote or policy
// it concerns, and a few fields of the change. Fields are picked one by one, never copied
// wholesale from internal records, so internal changes cannot leak into the contract.

export interface PolicySnapshot {
  id: string;
  product: string;
  quoteNumber: string;
  policyNumber: string | null;
  status: string;
  policyStatus: string | null;
  version: number;
}

export interface PublicEventPayload {
  id: string;
  type: PublicEventType;
  tenant: string;
  occurredAt: string;
  data: {
    object: 'quote' | 'policy' | 'document' | 'request';
    id: string;
    number: string | null;
    policy: PolicySnapshot | null;
    [detail: string]: unknown;
  };
}

export interface PayloadInput {
  id: string;
  type: PublicEventType;
  tenant: string;
  occurredAt: Date;
  policy: PolicySnapshot | null;
  /** The internal event's type, where one public type stands for several internal ones. */
  sourceType: string;
  after?: unknown;
  data?: unknown;
}

const pick = (source: unknown, ...keys: string[]): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  if (source === null || typeof source !== 'object') return out;
  for (const key of keys) {
    const value = (source as Record<string, unknown>)[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
};

export function buildPayload(input: PayloadInput): PublicEventPayload {
  const { policy, after, data } = input;
  const quoteRecord = { object: 'quote' as const, id: policy?.id ?? '', number: policy?.quoteNumber ?? null };
  const policyRecord = { object: 'policy' as const, id: policy?.id ?? '', number: policy?.policyNumber ?? null };
  let record: { object: PublicEventPayload['data']['object']; id: string; number: string | null };
  let details: Record<string, unknown>;
  switch (input.type) {
    case 'quote.created':
      record = quoteRecord;
      details = { renewalOfId: pick(data, 'renewalOfId').renewalOfId ?? null };
      break;
    case 'quote.calculated':
    case 'quote.bound':
      record = quoteRecord;
      details = pick(after, 'payable');
      break;
    case 'quote.referred':
      record = quoteRecord;
      details = { ...pick(data, 'rules', 'comment') };
      break;
    case 'quote.referral-decided':
      record = quoteRecord;
      details = { decision: input.sourceType === 'referral.rejected' ? 'reject' : 'approve', ...pick(data, 'comment') };
      break;
    case 'quote.declined':
      record = quoteRecord;
      details = pick(data, 'reason');
      break;
    case 'policy.issued':
      record = policyRecord;
      details = { ...pick(after, 'version'), ...pick(data, 'invoiceNumber') };
      break;
    case 'policy.adjusted':
      record = policyRecord;
      details = { ...pick(after, 'version'), ...pick(data, 'effectiveDate', 'invoiceNumber') };
      break;
    case 'policy.data-changed':
      record = policyRecord;
      details = { ...pick(after, 'version'), ...pick(data, 'effectiveDate') };
      break;
    case 'policy.terminated':
      record = policyRecord;
      details = { ...pick(after, 'version', 'terminatedAt'), ...pick(data, 'reason', 'terminationType') };
      break;
    case 'policy.renewal-created':
      record = policyRecord;
      details = pick(data, 'renewalQuoteId', 'quoteNumber');
      break;
    case 'policy.expired':
      record = policyRecord;
      details = pick(data, 'dateExpiry');
      break;
    case 'payment.received':
      record = policyRecord;
      details = pick(data, 'paymentId', 'amount', 'currency', 'receivedOn', 'method', 'reference', 'allocated', 'credit');
      break;
    case 'payment.reversed':
      record = policyRecord;
      details = pick(data, 'paymentId', 'reversalId', 'amount', 'currency', 'reason');
      break;
    case 'refund.paid':
      record = policyRecord;
      details = pick(data, 'refundId', 'amount', 'currency', 'paidOn', 'method', 'credit');
      break;
    case 'instalment.overdue':
      record = policyRecord;
      details = pick(data, 'instalmentId', 'sequence', 'dueDate', 'outstanding', 'currency');
      break;
    case 'document.ready': {
      const document = pick(data, 'documentId', 'documentType', 'policyVersion', 'title');
      record = { object: 'document', id: String(document.documentId ?? ''), number: policy?.policyNumber ?? policy?.quoteNumber ?? null };
      details = { documentType: document.documentType, policyVersion: document.policyVersion, title: document.title };
      break;
    }
    case 'request.completed': {
      const requestId = String(pick(data, 'requestId').requestId ?? '');
      const failed = pick(data, 'error').error !== undefined;
      record = { object: 'request', id: requestId, number: policy?.policyNumber ?? null };
      details = failed
        ? { requestType: 'issue', status: 'failed', error: pick(pick(data, 'error').error, 'code', 'message') }
        : { requestType: 'issue', status: 'success' };
      break;
    }
  }
  return {
    id: input.id,
    type: input.type,
    tenant: input.tenant,
    occurredAt: input.occurredAt.toISOString(),
    data: { ...record, policy, ...details },
  };
}
