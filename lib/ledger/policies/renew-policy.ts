import type { Tx } from '@/lib/db/client';
import { sqlOf } from '@/lib/db/sql-tx';
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

/** Why the product does not renew this policy at all (a single trip), or null when it renews. */
export function nonRenewableReason(row: PolicyRecord): string | null {
  return getProduct(row.productCode).renewal?.nonRenewableReason?.(quoteData(row).policy) ?? null;
}

/** Why a policy may not be renewed now, in a sentence (the 409's detail, the policy's `meta.renewal.detail`). */
export const BLOCK_MESSAGES: Record<RenewalBlock, (opensOn: string, quoteId: string | null, notRenewable: string | null) => string> = {
  'not-active': () => 'Only an active policy can be renewed',
  'not-renewable': (_, __, notRenewable) => notRenewable ?? 'The policy does not renew',
  'already-renewed': () => 'The policy has already been renewed',
  'renewal-in-progress': (_, quoteId) => `A renewal quote already exists (${quoteId}); continue it or decline it first`,
  'window-not-open': (opensOn) => `The renewal window opens on ${opensOn}`,
  expired: () => 'The policy has expired',
};

/** Whether the policy may be renewed today, with the facts that decided it. */
export async function renewalStatusOf(tx: Tx, row: PolicyRecord, today: string) {
  const openQuoteId = await openRenewalQuoteId(tx, row);
  const notRenewable = nonRenewableReason(row);
  const eligibility = renewalEligibility({
    nonRenewableReason: notRenewable,
    policyStatus: policyState(row),
    expiry: termOf(row).expiry,
    renewedById: row.renewedById,
    openRenewalQuoteId: openQuoteId,
    windowDays: settingsOf(row).renewalWindowDays,
    today,
  });
  return { eligibility, openQuoteId, notRenewable };
}

/**
 * The renewal quote of a policy the caller found eligible (under its row lock): the latest data
 * and the next term, with the facts that change with time moved on; rated in the background.
 */
export async function createRenewalQuote(tx: Tx, row: PolicyRecord, actor: string): Promise<{ id: string; quoteNumber: string }> {
  const quote = await createQuote(sqlOf(tx), {
    tenant: { id: row.tenantId },
    actor,
    payload: renewalPayload(getProduct(row.productCode), quoteData(row), termOf(row)),
    renewalOfId: row.id,
  });
  await recordEvent(tx, {
    tenantId: row.tenantId,
    policyId: row.id,
    type: 'policy.renewal-quoted',
    actor,
    data: { renewalQuoteId: quote.id, quoteNumber: quote.quoteNumber },
  });
  await publishChange(tx, `policy:${row.id}`);
  return quote;
}

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
  const today = input.today ?? (await businessToday(tx, row.tenantId, row.productCode));
  const { eligibility, openQuoteId, notRenewable } = await renewalStatusOf(tx, row, today);
  if (eligibility.block) {
    throw new InvalidState(
      BLOCK_MESSAGES[eligibility.block](eligibility.opensOn, openQuoteId, notRenewable),
      state,
      policyActionKeys(allowedPolicyActions(state).filter((action) => action !== 'renew')),
    );
  }
  const quote = await createRenewalQuote(tx, row, input.actor);
  return { policy: { id: quote.id } };
}
