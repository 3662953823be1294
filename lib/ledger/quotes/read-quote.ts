import { LONG_POLL_TIMEOUT_MS, waitFor } from '@/lib/jobs/wait';
import { readQuoteRow, type QuoteRecord } from './quote-record';

export async function readQuote(tenantId: string, id: string): Promise<QuoteRecord> {
  return readQuoteRow(tenantId, id);
}

/**
 * For the actions call: the quote once enrichment and the background rating are done, or as
 * it is when the long poll's time is up (`ready: false`).
 */
export async function readQuoteWhenReady(tenantId: string, id: string, longPolling: boolean, signal?: AbortSignal): Promise<QuoteRecord> {
  const first = await readQuote(tenantId, id);
  if (!longPolling || first.enrichmentState === 'done') return first;
  const ready = await waitFor(
    `policy:${id}`,
    async () => {
      const current = await readQuote(tenantId, id);
      return current.enrichmentState === 'done' ? current : null;
    },
    LONG_POLL_TIMEOUT_MS,
    signal,
    tenantId,
  );
  return ready ?? (await readQuote(tenantId, id));
}
