import { tenantWrite } from '@/lib/db/tenant-write';
import type { ClaimedJob } from '@/lib/jobs/worker';
import { recordEventIn } from '@/lib/ledger/events';
import { getProduct } from '@/lib/products/registry';
import { runEnrichment } from '@/lib/products/enrichment';
import { lockQuoteIn, quoteData, quotePayload, quoteState } from './quote-record';
import { rateQuote } from './rate-quote';
import { ratedQuote } from './save-rating';

// The background half of create and of rating-relevant updates: every enrichment step, then
// the first rating. A job queued for an older revision finds the quote changed and does
// nothing (the newer revision queued its own job), so running it twice is harmless.

export async function prepareQuote(job: ClaimedJob): Promise<void> {
  const { policyId, revision } = job.payload as { policyId: string; revision: number };
  if (!job.tenantId) throw new Error('prepare-quote needs a tenant');
  const tenantId = job.tenantId;
  // Three round trips (lib/db/tenant-write.ts): the lock with BEGIN; the update, the events and
  // the job's completion, whose answer proves the lease still holds; COMMIT.
  await tenantWrite(tenantId, async (tx) => {
    const row = await lockQuoteIn(tx, tenantId, policyId);
    if (row.revision !== revision || row.enrichmentState === 'done') {
      await job.complete(tx);
      return;
    }
    const product = getProduct(row.productCode);
    const { enrichment } = runEnrichment(row.productCode, quotePayload(row), 'all');
    const state = quoteState(row);
    // Only a draft is rated here; a quote that moved on (referred, declined) keeps its state.
    const outcome = state === 'draft' ? rateQuote(product, row, quoteData(row), enrichment, 'system:enrichment') : null;
    const { row: updated, statement } = ratedQuote(row, enrichment, outcome);
    await tx.execute(statement);
    await recordEventIn(tx, {
      tenantId,
      policyId: row.id,
      type: outcome?.state === 'in-manual-referral' ? 'quote.referred' : 'quote.prepared',
      actor: 'system:enrichment',
      before: { status: row.status },
      after: { status: outcome?.state ?? row.status, payable: outcome?.calculation.data.payable },
      data: outcome?.referral ? { rules: outcome.referral.rules } : undefined,
      policy: updated,
      wake: [`policy:${row.id}`],
    });
    await job.complete(tx);
  });
}
