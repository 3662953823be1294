// The documents-lane side of the offer (lib/documents/offer.ts is the request side): renders the
// offer, stores it under the fingerprint the request waits on, and wakes the request. Only worker
// processes import this file; the app's routes never load the renderer.

import { sqlOf } from '@/lib/db/sql-tx';
import { withTenant } from '@/lib/db/tenant';
import { publishChange } from '@/lib/jobs/queue';
import type { ClaimedJob } from '@/lib/jobs/worker';
import { PermanentJobFailure } from '@/lib/jobs/worker';
import { log } from '@/lib/log';
import { renderAndStore } from './generate';
import { loadSnapshot } from './ledger/load';
import { changeKey, OFFER_STATES, type RenderOfferPayload } from './offer';
import { documentStore } from './store';

/** The documents-lane task: renders the offer and stores it under its fingerprint, then wakes the waiter. */
export async function renderOfferJob(job: ClaimedJob): Promise<void> {
  const payload = job.payload as unknown as RenderOfferPayload;
  const { tenantId, policyId, language, renderKey } = payload;
  const startedMs = performance.now();
  const snapshot = await withTenant(tenantId, (tx) => loadSnapshot(tx, { tenantId, policyId, policyVersion: 0 }));
  if (!snapshot) throw new PermanentJobFailure('no-policy', `Quote ${policyId} does not exist`);
  if (!OFFER_STATES.has(snapshot.policy.status) || !snapshot.policy.calculation) {
    throw new PermanentJobFailure('no-offer', `Quote ${policyId} in state ${snapshot.policy.status} has no offer`);
  }
  // The quote may have moved on since the request: the offer shows its state now and is filed
  // under the fingerprint the waiter asked for (a later request for the new state finds the twin
  // by its content when rendered again, and stores nothing new).
  const { metadata } = await renderAndStore(tenantId, snapshot, 'quote-offer', 0, language, async (tx, stored) => {
    await documentStore().markOffer(tx, tenantId, stored.id, renderKey);
    await publishChange(tx, changeKey(renderKey));
    await job.complete(sqlOf(tx));
  });
  log.info('offer rendered', { policyId, document: metadata.id, durationMs: Math.round(performance.now() - startedMs) });
}
