import { LONG_POLL_TIMEOUT_MS, waitFor } from '@/lib/jobs/wait';
import { readQuoteRow, readQuoteState, type QuoteRecord, type QuoteStateRecord } from './quote-record';

export async function readQuote(tenantId: string, id: string): Promise<QuoteRecord> {
  return readQuoteRow(tenantId, id);
}

/**
 * For the actions call: the quote's state once enrichment and the background rating are done, or
 * as it is when the long poll's time is up (`ready: false`).
 */
export async function readQuoteWhenReady(
  tenantId: string,
  id: string,
  longPolling: boolean,
  signal?: AbortSignal,
): Promise<QuoteStateRecord> {
  const first = await readQuoteState(tenantId, id);
  if (!longPolling || first.enrichmentState === 'done') return first;
  const ready = await waitFor(
    `policy:${id}`,
    async () => {
      const current = await readQuoteState(tenantId, id);
      return current.enrichmentState === 'done' ? current : null;
    },
    LONG_POLL_TIMEOUT_MS,
    signal,
    tenantId,
  );
  return ready ?? (await readQuoteState(tenantId, id));
}
