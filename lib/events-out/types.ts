// The public event types and how the ledger's internal audit events (lib/ledger/events.ts) map to
// them. Internal types are free to change; these are a contract with API consumers.

export const PUBLIC_EVENT_TYPES = [
  'quote.created',
  'quote.calculated',
  'quote.referred',
  'quote.referral-decided',
  'quote.declined',
  'quote.bound',
  'policy.issued',
  'policy.adjusted',
  'policy.data-changed',
  'policy.terminated',
  'policy.renewal-created',
  'policy.expired',
  'document.ready',
  'request.completed',
  'payment.received',
  'payment.reversed',
  'refund.paid',
  'instalment.overdue',
] as const;

export type PublicEventType = (typeof PUBLIC_EVENT_TYPES)[number];

export function isPublicEventType(value: string): value is PublicEventType {
  return (PUBLIC_EVENT_TYPES as readonly string[]).includes(value);
}

export interface InternalEvent {
  type: string;
  after?: unknown;
  data?: unknown;
}

const field = (value: unknown, key: string): unknown =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;

/**
 * The public types one internal event stands for (most one, `policy.issued` two, internal-only
 * ones such as `quote.updated` none).
 */
export function publicTypesOf(event: InternalEvent): PublicEventType[] {
  switch (event.type) {
    case 'quote.created':
    case 'quote.calculated':
    case 'quote.referred':
    case 'quote.declined':
    case 'quote.bound':
    case 'policy.data-changed':
    case 'policy.terminated':
    case 'policy.expired':
    case 'payment.received':
    case 'payment.reversed':
    case 'refund.paid':
    case 'instalment.overdue':
      return [event.type];
    // The background job's first rating is the quote's first calculation.
    case 'quote.prepared':
      return field(event.after, 'status') === 'calculated' ? ['quote.calculated'] : [];
    case 'referral.approved':
    case 'referral.rejected':
      return ['quote.referral-decided'];
    case 'policy.issued':
      return ['policy.issued', 'request.completed'];
    case 'policy.issue-failed':
      return ['request.completed'];
    case 'policy.mta':
      return ['policy.adjusted'];
    case 'policy.renewal-quoted':
      return ['policy.renewal-created'];
    case 'document.stored':
      return ['document.ready'];
    default:
      return [];
  }
}
