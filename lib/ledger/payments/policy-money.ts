import type { Tx } from '@/lib/db/client';
import { ValidationFailed } from '@/lib/errors';
import { calculationOf, lockPolicy, type PolicyRecord } from '@/lib/ledger/policies/policy-record';
import { businessToday } from '@/lib/ledger/today';
import { compareDates, isIsoDate } from '@/lib/rating/dates';

// The opening every money call shares: the policy under its row lock (so two payments on one
// policy are set against the instalments one after the other, never twice against the same
// one), the policy's currency, and the checks on the amount's currency and date.

export interface PolicyMoney {
  row: PolicyRecord;
  currency: string;
  today: string;
}

/** `today` defaults to the business date of the policy's tenant (or product), never the UTC date. */
export async function openPolicyMoney(tx: Tx, tenantId: string, policyId: string, today?: string): Promise<PolicyMoney> {
  const row = await lockPolicy(tx, tenantId, policyId);
  return { row, currency: calculationOf(row).data.currency, today: today ?? (await businessToday(tx, tenantId, row.productCode)) };
}

export function assertCurrency(opened: PolicyMoney, currency: string): void {
  if (currency !== opened.currency) {
    throw new ValidationFailed(`The policy is in ${opened.currency}`, [
      { path: '/currency', message: `must be ${opened.currency}, the policy's currency` },
    ]);
  }
}

/** A money date: a real day, not after today. */
export function assertNotFuture(date: string, today: string, path: string): void {
  const problem = !isIsoDate(date)
    ? 'must be a date YYYY-MM-DD'
    : compareDates(date, today) > 0
      ? `may not be after today, ${today}`
      : null;
  if (problem) throw new ValidationFailed(`The date ${problem}`, [{ path, message: problem }]);
}
