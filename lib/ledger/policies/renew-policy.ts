import type { Tx } from '@/lib/db/client';
import { InvalidState } from '@/lib/errors';
import { publishChange } from '@/lib/jobs/queue';
import { recordEvent } from '@/lib/ledger/events';
import { createQuote } from '@/lib/ledger/quotes/create-quote';
import { quoteData } from '@/lib/ledger/quotes/quote-record';
import { allowedPolicyActions, policyActionKeys } from '@/lib/ledger/state-machine';
import type { TenantRef } from '@/lib/tenants/lookup';
import { businessToday } from '@/lib/ledger/today';
import { lockPolicy, policyState, settingsOf, termOf, type PolicyRecord } from './policy-record';
import { getProduct } from '@/lib/products/registry';
import { renewalEligibility, type RenewalBlock } from './renewal-eligibility';
import { renewalPayload } from './renewal-payload';

/** Quote states after which a renewal quote no longer counts: a new one may be made. */
const FINISHED_QUOTE_STATES = ['declined', 'referral-rejected'];

export async function openRenewalQuoteId(tx: Tx, row: PolicyRecord): Promise<string | null> {
  const open = await tx.policy.findFirst({
    where: { tenantId: row.tenantId, renewalOfId: row.id, status: { notIn: FINISHED_QUOTE_STATES } },
    select: { id: true },
  });
  return open?.id ?? null;
}

const BLOCK_MESSAGES: Record<RenewalBlock, (opensOn: string, quoteId: string | null) => string> = {
  'not-active': () => 'Only an active policy can be renewed',
  'already-renewed': () => 'The policy has already been renewed',
  'renewal-in-progress': (_, quoteId) => `A renewal quote already exists (${quoteId}); continue it or decline it first`,
  'window-not-open': (opensOn) => `The renewal window opens on ${opensOn}`,
  expired: () => 'The policy has expired',
};

/**
 * GET /policies/{id}/renewal (spec 4.16): a renewal quote with the policy's latest data and the
 * next term, rated afresh in the background; it follows the ordinary quote lifecycle. The policy
 * row is locked first, so of two concurrent calls exactly one creates the quote.
 */
export async function renewPolicy(
  tx: Tx,
  input: { tenant: TenantRef; id: string; actor: string; today?: string },
): Promise<{ policy: { id: string } }> {
  const row = await lockPolicy(tx, input.tenant.id, input.id);
  const state = policyState(row);
  const term = termOf(row);
  const openQuoteId = await openRenewalQuoteId(tx, row);
  const eligibility = renewalEligibility({
    policyStatus: state,
    expiry: term.expiry,
    renewedById: row.renewedById,
    openRenewalQuoteId: openQuoteId,
    windowDays: settingsOf(row).renewalWindowDays,
    today: input.today ?? (await businessToday(tx, row.tenantId, row.productCode)),
  });
  if (eligibility.block) {
    throw new InvalidState(
      BLOCK_MESSAGES[eligibility.block](eligibility.opensOn, openQuoteId),
      state,
      policyActionKeys(allowedPolicyActions(state).filter((action) => action !== 'renew')),
    );
  }
  const quote = await createQuote(tx, {
    tenant: input.tenant,
    actor: input.actor,
    payload: renewalPayload(getProduct(row.productCode), quoteData(row), term),
    renewalOfId: row.id,
  });
  await recordEvent(tx, {
    tenantId: row.tenantId,
    policyId: row.id,
    type: 'policy.renewal-quoted',
    actor: input.actor,
    data: { renewalQuoteId: quote.id, quoteNumber: quote.quoteNumber },
  });
  await publishChange(tx, `policy:${row.id}`);
  return { policy: { id: quote.id } };
}
