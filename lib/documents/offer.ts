// The offer of spec 4.7, synchronous for the client but rendered in the documents lane: the
// request files a render job (in a transaction, like every queued job), waits a bounded time for
// the stored document (LISTEN/NOTIFY, as long polls do) and answers it. The app process never
// renders a PDF, so one tenant asking for many offers spends the documents worker's CPU (at a
// lower OS priority, claimed fairly across tenants), not the app's.

import { createHash } from 'node:crypto';
import type { Tx } from '@/lib/db/client';
import { withTenant } from '@/lib/db/tenant';
import { InvalidState, NotFound, RateLimited, ServiceUnavailable } from '@/lib/errors';
import { enqueue } from '@/lib/jobs/queue';
import { waitFor } from '@/lib/jobs/wait';
import { allowedQuoteActions, isQuoteState, quoteActionKeys } from '@/lib/ledger/state-machine';
import { buildDocumentModel } from './ledger/build-model';
import { loadSnapshot, type LedgerSnapshot } from './ledger/load';
import type { DocumentLanguage } from './model';
import { documentStore, type DocumentMetadata } from './store';

/** The documents-lane task that renders one offer (lib/jobs/tasks.ts). */
export const RENDER_OFFER_TASK = 'documents.offer';

/** How long the request waits for the render before answering 503 with Retry-After. */
export const OFFER_WAIT_MS = Math.max(1, Number(process.env.LEDGER_OFFER_WAIT_MS) || 20_000);
/**
 * Renders one tenant may have queued at once (LEDGER_OFFER_RENDERS_PER_TENANT); beyond it a new
 * render is refused with 429, so a tenant's burst waits behind itself and the queue stays short.
 */
export const OFFER_RENDERS_PER_TENANT_MAX = Math.max(1, Number(process.env.LEDGER_OFFER_RENDERS_PER_TENANT) || 8);
const RETRY_AFTER_SECONDS = 2;
const RENDER_ATTEMPTS_MAX = 3;

/** States in which an offer can be given: the quote has a premium and no underwriter is pending. */
export const OFFER_STATES = new Set(['calculated', 'bound', 'issuing', 'issued']);

export interface RenderOfferPayload {
  tenantId: string;
  policyId: string;
  language: DocumentLanguage;
  renderKey: string;
}

export interface Offer {
  metadata: DocumentMetadata;
  bytes: Buffer;
}

function refuseUnlessOfferable(snapshot: LedgerSnapshot): void {
  const state = snapshot.policy.status;
  if (OFFER_STATES.has(state) && snapshot.policy.calculation) return;
  const waiting = state === 'in-manual-referral';
  throw new InvalidState(
    waiting
      ? 'The quote awaits an underwriter’s decision; no offer can be given until the referral is approved'
      : `No offer can be given for a quote in state ${state}; calculate it first`,
    state,
    isQuoteState(state) ? quoteActionKeys(allowedQuoteActions(state)) : [],
  );
}

/** A fingerprint of everything the offer shows: the same state and language give the same key. */
export function offerRenderKey(snapshot: LedgerSnapshot, language: DocumentLanguage): string {
  return createHash('sha256')
    .update(JSON.stringify({ tenant: snapshot.tenant, policy: snapshot.policy, language }))
    .digest('hex');
}

/** The NOTIFY key the render publishes and the waiting request listens on. */
export const changeKey = (renderKey: string) => `offer:${renderKey}`;

async function storedOffer(tx: Tx, tenantId: string, policyId: string, renderKey: string): Promise<Offer | null> {
  const store = documentStore();
  const metadata = await store.findOffer(tx, tenantId, policyId, renderKey);
  if (!metadata) return null;
  const bytes = await store.content(tx, tenantId, metadata.id);
  return bytes ? { metadata, bytes } : null;
}

type Filed = { offer: Offer } | { renderKey: string };

/**
 * Finds the stored offer of the quote's current state, or files its render: at most one job per
 * state and language (a retry joins the queued one), at most OFFER_RENDERS_PER_TENANT_MAX per tenant.
 */
async function findOrQueue(input: { tenantId: string; policyId: string; language?: DocumentLanguage }): Promise<Filed> {
  const { tenantId, policyId } = input;
  return withTenant(tenantId, async (tx) => {
    const snapshot = await loadSnapshot(tx, { tenantId, policyId, policyVersion: 0 });
    if (!snapshot) throw new NotFound('Quote', policyId);
    refuseUnlessOfferable(snapshot);
    // Building the model is cheap (no layout): it settles the language the customer's country picks.
    const language = buildDocumentModel(snapshot, 'quote-offer', input.language).language;
    const renderKey = offerRenderKey(snapshot, language);
    const stored = await storedOffer(tx, tenantId, policyId, renderKey);
    if (stored) return { offer: stored };
    const dedupeKey = `offer:${policyId}:${renderKey}`;
    // One tenant's queue count and insert are serialised, so concurrent requests cannot overshoot the cap.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`offer-queue:${tenantId}`}))`;
    const existing = await tx.$queryRaw<{ failed: boolean }[]>`
      SELECT "failedAt" IS NOT NULL AS "failed" FROM "Job" WHERE "dedupeKey" = ${dedupeKey}`;
    if (existing[0] && !existing[0].failed) return { renderKey };
    // A render that gave up earlier is tried afresh rather than blocking this state for good.
    if (existing[0]) await tx.$executeRaw`DELETE FROM "Job" WHERE "dedupeKey" = ${dedupeKey} AND "failedAt" IS NOT NULL`;
    const counted = await tx.$queryRaw<{ queued: number }[]>`
      SELECT count(*)::int AS "queued" FROM "Job"
      WHERE "task" = ${RENDER_OFFER_TASK} AND "tenantId" = ${tenantId}::uuid AND "failedAt" IS NULL`;
    const queued = counted[0]?.queued ?? 0;
    if (queued >= OFFER_RENDERS_PER_TENANT_MAX) {
      throw new RateLimited(
        `This tenant already has ${queued} offers being rendered (at most ${OFFER_RENDERS_PER_TENANT_MAX}); ask again shortly`,
        RETRY_AFTER_SECONDS,
      );
    }
    const payload: RenderOfferPayload = { tenantId, policyId, language, renderKey };
    await enqueue(tx, RENDER_OFFER_TASK, { ...payload }, { tenantId, dedupeKey, maxAttempts: RENDER_ATTEMPTS_MAX });
    return { renderKey };
  });
}

/**
 * Spec 4.7: the offer of the quote as it stands. An unchanged quote answers its stored offer at
 * once; otherwise the render is queued and awaited up to OFFER_WAIT_MS, then 503 with
 * Retry-After (the retry finds the render done or still queued, never a second one). A quote
 * awaiting an underwriter, or without a current premium, is 409 naming its state.
 */
export async function requestOffer(
  input: { tenantId: string; policyId: string; language?: DocumentLanguage },
  signal?: AbortSignal,
): Promise<Offer> {
  const filed = await findOrQueue(input);
  if ('offer' in filed) return filed.offer;
  const { tenantId, policyId } = input;
  const offer = await waitFor(
    changeKey(filed.renderKey),
    () => withTenant(tenantId, (tx) => storedOffer(tx, tenantId, policyId, filed.renderKey)),
    OFFER_WAIT_MS,
    signal,
    tenantId,
  );
  if (offer) return offer;
  throw new ServiceUnavailable('The offer is still being rendered; ask again to receive it', RETRY_AFTER_SECONDS);
}
