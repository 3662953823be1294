import type { Tx } from '@/lib/db/client';
import { NotFound, ValidationFailed } from '@/lib/errors';
import { isPolicyState, nextPolicyState, type PolicyAction, type PolicyState } from '@/lib/ledger/state-machine';
import { checkIfMatch, type QuoteRecord } from '@/lib/ledger/quotes/quote-record';
import { getProduct } from '@/lib/products/registry';
import { coverEndOf } from '@/lib/products/term-checks';
import type { CalculationResult } from '@/lib/rating/types';
import { compareDates, isIsoDate } from '@/lib/rating/dates';
import type { PremiumRates } from './premium-parts';

// Loading an issued policy (the same `Policy` row as its quote, with a policy number). A quote
// that was never issued has no policy view: it is answered like an unknown id.

export type PolicyRecord = QuoteRecord & { policyNumber: string; policyStatus: string };

export async function findPolicy(tx: Tx, tenantId: string, id: string): Promise<PolicyRecord> {
  const row = await tx.policy.findFirst({ where: { id, tenantId } });
  if (!row || !row.policyNumber || !row.policyStatus) throw new NotFound('Policy', id);
  return row as PolicyRecord;
}

/** Reads the policy with a row lock held until the transaction ends. */
export async function lockPolicy(tx: Tx, tenantId: string, id: string): Promise<PolicyRecord> {
  const locked = await tx.$queryRaw<
    { id: string }[]
  >`SELECT "id" FROM "Policy" WHERE "id" = ${id}::uuid AND "tenantId" = ${tenantId}::uuid FOR UPDATE`;
  if (locked.length === 0) throw new NotFound('Policy', id);
  return findPolicy(tx, tenantId, id);
}

/**
 * The opening every policy change shares: the policy read (locked unless a dry run), its If-Match
 * checked, and the action allowed in its state (409 otherwise); answers the row and the next state.
 */
export async function openPolicyChange(
  tx: Tx,
  input: { tenantId: string; id: string; dryRun: boolean; ifMatch: string | null },
  action: PolicyAction,
): Promise<{ row: PolicyRecord; next: PolicyState }> {
  const row = input.dryRun ? await findPolicy(tx, input.tenantId, input.id) : await lockPolicy(tx, input.tenantId, input.id);
  checkIfMatch(row, input.ifMatch);
  return { row, next: assertPolicyAction(row, action) };
}

export function policyState(row: PolicyRecord): PolicyState {
  if (!isPolicyState(row.policyStatus)) throw new Error(`policy ${row.id} has an unknown state ${row.policyStatus}`);
  return row.policyStatus;
}

/** The next state, or 409 naming the current state and the allowed actions. */
export function assertPolicyAction(row: PolicyRecord, action: PolicyAction): PolicyState {
  return nextPolicyState(policyState(row), action);
}

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The term as days of cover run: `expiry` is the first day no longer covered, the day after the
 * stored expiry date when the product covers that day (a single trip's return day).
 */
export function termOf(row: PolicyRecord): { inception: string; expiry: string } {
  return { inception: isoDay(row.dateInception), expiry: coverEndOfRow(row) };
}

/** The first day no longer covered (see termOf). */
export function coverEndOfRow(row: Pick<PolicyRecord, 'productCode' | 'data' | 'dateExpiry'>): string {
  const data = row.data as { policy?: Record<string, unknown> } | null;
  return coverEndOf(getProduct(row.productCode), data?.policy ?? {}, isoDay(row.dateExpiry));
}

export function calculationOf(row: PolicyRecord): CalculationResult {
  const calculation = row.calculation as CalculationResult | null;
  if (!calculation) throw new Error(`policy ${row.id} has no calculation`);
  return calculation;
}

export function ratesOf(row: PolicyRecord): PremiumRates {
  const { data } = calculationOf(row);
  return { taxRate: data.taxRate, brokerRate: data.brokerCommissionRate, mgaRate: data.mgaCommissionRate };
}

export function settingsOf(row: PolicyRecord) {
  return getProduct(row.productCode).settings;
}

/** Versions that set the premium (a data change copies it; a termination only ends the policy). */
export const PREMIUM_VERSION_KINDS = ['issue', 'mta'] as const;

/** The latest counting MTA's effective date: another MTA may not take effect before it. */
export async function latestVersionStart(tx: Tx, row: PolicyRecord): Promise<string> {
  const version = await tx.policyVersion.findFirst({
    where: { tenantId: row.tenantId, policyId: row.id, kind: { in: [...PREMIUM_VERSION_KINDS] }, version: { notIn: row.voidedVersions } },
    orderBy: { version: 'desc' },
    select: { effectiveFrom: true },
  });
  return version ? isoDay(version.effectiveFrom) : isoDay(row.dateInception);
}

/**
 * The premium in force on a date: the latest counting issue or MTA version effective by then. A
 * data change is left out: without a date it may apply from today while a later MTA is on file,
 * and it carries that MTA's premium.
 */
export async function versionInForce(tx: Tx, row: PolicyRecord, date: string) {
  const version = await tx.policyVersion.findFirst({
    where: {
      tenantId: row.tenantId,
      policyId: row.id,
      kind: { in: [...PREMIUM_VERSION_KINDS] },
      version: { notIn: row.voidedVersions },
      effectiveFrom: { lte: new Date(`${date}T00:00:00Z`) },
    },
    orderBy: { version: 'desc' },
  });
  if (!version) throw new Error(`policy ${row.id} has no version in force on ${date}`);
  return version;
}

/** A termination dated in the future, as recorded on the policy (null when none is pending). */
export interface PendingTermination {
  effectiveDate: string;
  reason: string;
  note?: string;
  terminationType: 'pro-rata' | 'short-rate' | 'flat';
  requestDate: string;
  version: number;
  creditNoteId: string;
}

export function pendingTerminationOf(row: PolicyRecord): PendingTermination | null {
  return (row.pendingTermination as PendingTermination | null) ?? null;
}

/** An effective date inside the term and not before the latest version (422 on `/effectiveDate`). */
export function assertEffectiveDate(effectiveDate: string, term: { inception: string; expiry: string }, notBefore: string): void {
  const problem = !isIsoDate(effectiveDate)
    ? 'must be a date YYYY-MM-DD'
    : compareDates(effectiveDate, term.inception) < 0 || compareDates(effectiveDate, term.expiry) >= 0
      ? `must lie inside the term, from ${term.inception} to the day before ${term.expiry}`
      : compareDates(effectiveDate, notBefore) < 0
        ? `may not be before the latest policy version, effective ${notBefore}`
        : null;
  if (problem) throw new ValidationFailed(`The effective date ${problem}`, [{ path: '/effectiveDate', message: problem }]);
}
