import { ValidationFailed } from '@/lib/errors';
import { mergePatch } from '@/lib/ledger/quotes/merge-patch';
import { quoteData, quotePayload, type QuoteData } from '@/lib/ledger/quotes/quote-record';
import { changedPaths, matchesAny } from '@/lib/products/paths';
import { assertValidPayload } from '@/lib/products/validate';
import type { PolicyRecord } from './policy-record';

// The data side shared by mid-term adjustment and data change: merge the changed fields into the
// policy's latest data, validate the whole against the product schema, and list what changed.

export interface PolicyPatch {
  policy?: Record<string, unknown>;
  customer?: Record<string, unknown>;
  agent?: Record<string, unknown>;
  objects?: Record<string, unknown>[];
}

export interface PolicyChange {
  before: QuoteData;
  after: QuoteData;
  changed: string[];
}

/** The term and the payment plan belong to the policy, not to an adjustment. */
export const TERM_FIELDS = ['/policy/dateInception', '/policy/dateExpiry', '/policy/paymentPlan'] as const;

export function mergePolicyChange(row: PolicyRecord, patch: PolicyPatch): PolicyChange {
  const before = quoteData(row);
  const merged = mergePatch(quotePayload(row), patch) as Record<string, unknown>;
  const valid = assertValidPayload(row.productCode, merged) as unknown as { product: string } & QuoteData;
  const { product: _product, ...after } = valid;
  const changed = changedPaths(before, after);
  if (changed.length === 0) {
    throw new ValidationFailed('The change leaves the policy as it is', [{ path: '', message: 'send at least one changed field' }]);
  }
  const termChanges = changed.filter((path) => matchesAny(TERM_FIELDS, path));
  if (termChanges.length > 0) {
    throw new ValidationFailed(
      'The term dates and the payment plan cannot change after issue',
      termChanges.map((path) => ({ path, message: 'cannot change after issue' })),
    );
  }
  return { before, after, changed };
}
