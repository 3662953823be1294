import type { Tx } from '@/lib/db/client';
import { withSystem, withTenant } from '@/lib/db/tenant';
import { DomainError } from '@/lib/errors';
import { errorFields, log } from '@/lib/log';
import { getProduct, productCodes } from '@/lib/products/registry';
import { businessToday } from '@/lib/ledger/today';
import { addDays, todayUtc } from '@/lib/rating/dates';
import { lockPolicy } from './policy-record';
import { createRenewalQuote, renewalStatusOf } from './renew-policy';

// The renewal run (issue 16): the daily job that invites renewals. Each active policy entering
// its product's renewal window gets one renewal quote, rated for the new term like a renewal made
// by hand (renew-policy.ts), once however often the job runs: the RenewalInvitation row's primary
// key on the policy is claimed first, in the transaction that creates the quote.

export const RENEWAL_RUN_TASK = 'renewal-run';
/**
 * How often the worker's cron runs it: four times a day, so a window opening at a tenant's local
 * midnight is invited within hours; a run with nothing new to invite is one query.
 */
export const RENEWAL_RUN_EVERY_MS = 6 * 60 * 60 * 1000;
export const RENEWAL_RUN_ACTOR = 'system:renewal-run';

const BATCH_SIZE = 200;
const BATCHES_MAX = 50;

export type RenewalOutcome = 'quoted' | 'in-progress' | 'not-renewable';

/** The widest window of any product: candidates are found once across tenants, then held to their own. */
function widestWindowDays(): number {
  return Math.max(...productCodes().map((code) => getProduct(code).settings.renewalWindowDays));
}

/** Returns how many renewal quotes the run created. */
export async function runRenewals(now: Date = new Date()): Promise<number> {
  // No zone is more than a day ahead of UTC: candidates up to the widest window from tomorrow's
  // UTC date; each policy is then held to its own window and its tenant's local date.
  const latest = new Date(`${addDays(todayUtc(now), 1 + widestWindowDays())}T00:00:00Z`);
  let quoted = 0;
  // Candidates whose window has not opened yet are left out of the next batch.
  const notYet: string[] = [];
  for (let batch = 0; batch < BATCHES_MAX; batch++) {
    // Crossing tenants: the system role, and only ids leave this query.
    const due = await withSystem(
      (tx) =>
        tx.$queryRaw<{ id: string; tenantId: string }[]>`
        SELECT p."id", p."tenantId" FROM "Policy" p
        WHERE p."policyStatus" = 'active' AND p."renewedById" IS NULL AND p."dateExpiry" <= ${latest}
          AND NOT EXISTS (SELECT 1 FROM "RenewalInvitation" r WHERE r."policyId" = p."id")
          AND NOT (p."id" = ANY(${notYet}::uuid[]))
        ORDER BY p."dateExpiry", p."id"
        LIMIT ${BATCH_SIZE}`,
    );
    for (const policy of due) {
      const outcome = await withTenant(policy.tenantId, (tx) => inviteRenewal(tx, policy.tenantId, policy.id, now)).catch(
        (error: unknown) => {
          // One policy whose renewal cannot be made (its data no longer passes the product's
          // rules) must not hold up every other: it is reported, and the next run tries again.
          // Anything else (the database away) fails the job, which the queue retries.
          if (!(error instanceof DomainError)) throw error;
          log.error('renewal run: no renewal quote for a policy', {
            policyId: policy.id,
            tenantId: policy.tenantId,
            ...errorFields(error),
          });
          return 'failed' as const;
        },
      );
      if (outcome === 'quoted') quoted++;
      if (outcome === null || outcome === 'failed') notYet.push(policy.id);
    }
    if (due.length < BATCH_SIZE) break;
  }
  return quoted;
}

/**
 * One policy, under its row lock: nothing while its window is not open (null); otherwise the
 * claim of its invitation, then the quote when it is eligible. A claim already taken (another run
 * got there first) does nothing.
 */
async function inviteRenewal(tx: Tx, tenantId: string, policyId: string, now: Date): Promise<RenewalOutcome | 'taken' | null> {
  const row = await lockPolicy(tx, tenantId, policyId);
  const today = await businessToday(tx, tenantId, row.productCode, now);
  const { eligibility, openQuoteId } = await renewalStatusOf(tx, row, today);
  const outcome: RenewalOutcome | null =
    eligibility.block === null
      ? 'quoted'
      : eligibility.block === 'not-renewable'
        ? 'not-renewable'
        : eligibility.block === 'renewal-in-progress'
          ? 'in-progress'
          : null;
  // Not active, renewed, expired or before the window: nothing to record (the next run looks again).
  if (outcome === null) return null;
  const claimed = await tx.$queryRaw<{ policyId: string }[]>`
    INSERT INTO "RenewalInvitation" ("policyId", "tenantId", "outcome", "quoteId")
    VALUES (${policyId}::uuid, ${tenantId}::uuid, ${outcome}, ${openQuoteId}::uuid)
    ON CONFLICT ("policyId") DO NOTHING
    RETURNING "policyId"`;
  if (claimed.length === 0) return 'taken';
  if (outcome !== 'quoted') return outcome;
  const quote = await createRenewalQuote(tx, row, RENEWAL_RUN_ACTOR);
  await tx.renewalInvitation.update({ where: { policyId }, data: { quoteId: quote.id } });
  return outcome;
}
