import { Prisma } from '@/lib/db/generated/client';
import type { SqlTx } from '@/lib/db/sql-tx';
import { tenantWrite } from '@/lib/db/tenant-write';
import type { ClaimedJob } from '@/lib/jobs/worker';
import { NotFound } from '@/lib/errors';
import { recordEventsIn, type EventInput } from '@/lib/ledger/events';
import { getProduct } from '@/lib/products/registry';
import { runEnrichment } from '@/lib/products/enrichment';
import { POLICY_COLUMNS, quoteData, quotePayload, quoteState, type QuoteRecord } from './quote-record';
import { rateQuote } from './rate-quote';
import { ratedQuote, savedRatingsStatement, type RatingChanges } from './save-rating';

// The background half of create and of rating-relevant updates: every enrichment step, then
// the first rating. A job queued for an older revision finds the quote changed and does
// nothing (the newer revision queued its own job), so running it twice is harmless.
//
// A job takes along the tenant's other preparations waiting in the queue, up to TAKEN_ALONG_MAX,
// and prepares them all in its one transaction: while quotes are created faster than one at a
// time, their claims, round trips and commits are shared (`bench/create-floor.ts` measures what a
// preparation may cost). The jobs taken along are deleted in that transaction, never leased: if it
// fails they are back in the queue as they were, and the claimed job is prepared alone, so a quote
// that cannot be prepared fails only its own job.

/**
 * How many more of its tenant's waiting preparations a job takes along: it bounds one transaction's
 * locks and length. Under the create load a transaction prepared about nine quotes
 * (`bench/pg-statements.ts create`).
 */
export const TAKEN_ALONG_MAX = 15;

interface Preparation {
  policyId: string;
  revision: number;
}

export async function prepareQuote(job: ClaimedJob): Promise<void> {
  const own = job.payload as unknown as Preparation;
  if (!job.tenantId) throw new Error('prepare-quote needs a tenant');
  const tenantId = job.tenantId;
  const taken = { count: 0 };
  try {
    // Three round trips (lib/db/tenant-write.ts): the locks with BEGIN; the updates, the events and
    // the job's completion, whose answer proves the lease still holds; COMMIT.
    await tenantWrite(tenantId, (tx) => prepareIn(tx, job, tenantId, own, TAKEN_ALONG_MAX, taken));
  } catch (error) {
    if (taken.count === 0) throw error;
    // One of the quotes taken along may be what failed: this job's quote is prepared alone, as its
    // retry would; the others are back in the queue, for their own claims.
    taken.count = 0;
    await tenantWrite(tenantId, (tx) => prepareIn(tx, job, tenantId, own, 0, taken));
  }
  if (taken.count > 0) job.tookAlong(taken.count);
}

/** Prepares the job's quote and the ones it takes along (counted in `taken` as soon as they are locked). */
async function prepareIn(
  tx: SqlTx,
  job: ClaimedJob,
  tenantId: string,
  own: Preparation,
  takeAlong: number,
  taken: { count: number },
): Promise<void> {
  const locked = await lockPreparations(tx, job, tenantId, own, takeAlong);
  taken.count = locked[0]?.takenJobs ?? 0;
  if (!locked.some((row) => row.id === own.policyId)) throw new NotFound('Quote', own.policyId);
  const prepared = newestPerQuote(locked)
    .filter((row) => row.revision === row.jobRevision && row.enrichmentState !== 'done')
    .map((row) => preparedQuote(tenantId, row));
  if (prepared.length > 0) {
    // The claim's quotes are saved by one update and recorded by one statement of events.
    const changes = prepared.map((quote) => quote.changes);
    const events = prepared.map((quote) => quote.event);
    await tx.execute(savedRatingsStatement(tenantId, changes));
    await recordEventsIn(tx, events);
  }
  await job.complete(tx);
}

/** A locked quote with the revision its job was queued for, and how many jobs were taken along. */
type LockedPreparation = QuoteRecord & { jobRevision: number; takenJobs: number };

/**
 * Takes up to `takeAlong` of the tenant's waiting jobs of the same task (due, neither leased nor
 * failed, none locked by another transaction), deletes them, and locks the quotes of all of them
 * and of the job itself in the order of their ids (two transactions lock the same quotes in the
 * same order). Each row carries the revision its job was queued for, and the count of jobs taken
 * (a job whose quote is gone is deleted with the others and has no row).
 */
async function lockPreparations(
  tx: SqlTx,
  job: ClaimedJob,
  tenantId: string,
  own: Preparation,
  takeAlong: number,
): Promise<LockedPreparation[]> {
  return tx.query<LockedPreparation>(Prisma.sql`WITH chosen AS MATERIALIZED (
      SELECT "id" FROM "Job"
      WHERE "task" = ${job.task} AND "tenantId" = ${tenantId}::uuid AND "id" <> ${job.id}
        AND "failedAt" IS NULL AND "runAt" <= now() AND ("lockedUntil" IS NULL OR "lockedUntil" < now())
      ORDER BY "runAt", "id" LIMIT ${takeAlong} FOR UPDATE SKIP LOCKED),
    taken AS (
      DELETE FROM "Job" WHERE "id" IN (SELECT "id" FROM chosen)
      RETURNING ("payload" ->> 'policyId')::uuid AS "policyId", ("payload" ->> 'revision')::int AS "jobRevision"),
    wanted AS (
      SELECT ${own.policyId}::uuid AS "policyId", ${own.revision}::int AS "jobRevision"
      UNION ALL SELECT "policyId", "jobRevision" FROM taken)
    SELECT ${Prisma.raw(POLICY_COLUMNS)}, "jobRevision", (SELECT count(*) FROM taken)::int AS "takenJobs"
    FROM "Policy" JOIN wanted ON wanted."policyId" = "Policy"."id"
    WHERE "tenantId" = ${tenantId}::uuid
    ORDER BY "id" FOR UPDATE OF "Policy"`);
}

/** Two jobs for one quote (queued for two revisions): the newer job's row. */
function newestPerQuote(rows: LockedPreparation[]): LockedPreparation[] {
  const newest = new Map<string, LockedPreparation>();
  for (const row of rows) {
    const kept = newest.get(row.id);
    if (!kept || row.jobRevision > kept.jobRevision) newest.set(row.id, row);
  }
  return [...newest.values()];
}

/** A locked quote enriched and, if it is a draft, rated: what its update writes and the event that records it. */
function preparedQuote(tenantId: string, locked: LockedPreparation): { changes: RatingChanges; event: EventInput } {
  const { jobRevision: _revision, takenJobs: _taken, ...row } = locked;
  const product = getProduct(row.productCode);
  const { enrichment } = runEnrichment(row.productCode, quotePayload(row), 'all');
  const state = quoteState(row);
  // Only a draft is rated here; a quote that moved on (referred, declined) keeps its state.
  const outcome = state === 'draft' ? rateQuote(product, row, quoteData(row), enrichment, 'system:enrichment') : null;
  const { row: updated, changes } = ratedQuote(row, enrichment, outcome);
  return {
    changes,
    event: {
      tenantId,
      policyId: row.id,
      type: outcome?.state === 'in-manual-referral' ? 'quote.referred' : 'quote.prepared',
      actor: 'system:enrichment',
      before: { status: row.status },
      after: { status: outcome?.state ?? row.status, payable: outcome?.calculation.data.payable },
      data: outcome?.referral ? { rules: outcome.referral.rules } : undefined,
      policy: updated,
      wake: [`policy:${row.id}`],
    },
  };
}
