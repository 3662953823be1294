// Micro-benchmark of the premium engine, for `npm run bench`: calculatePremium over the three
// example payloads and every plan each product offers, in one process, for `durationMs`.
import { runEnrichment } from '@/lib/products/enrichment';
import { productCodes, getProduct } from '@/lib/products/registry';
import { offeredPlans } from '@/lib/products/common/schema-parts';
import { calculatePremium, type CalculatePremiumInput } from '@/lib/rating/calculate-premium';

export interface BenchResult {
  calls: number;
  durationMs: number;
  callsPerSecond: number;
}

/** Checking the clock costs more than a call; look at it once per batch. */
const BATCH = 256;
const BENCH_AS_OF = '2026-01-15';

function inputs(): CalculatePremiumInput[] {
  return productCodes().flatMap((code) => {
    const product = getProduct(code);
    const data = product.example(BENCH_AS_OF);
    const { enrichment } = runEnrichment(code, data);
    return offeredPlans(product.settings).map((plan) => ({ product, data, enrichment, plan }));
  });
}

export function benchRating(durationMs = 1000): BenchResult {
  const cases = inputs();
  const started = performance.now();
  let calls = 0;
  let elapsed = 0;
  // Sink: keeps the engine's results observable so no call can be optimised away.
  let checksum = 0;
  while (elapsed < durationMs) {
    for (let i = 0; i < BATCH; i++) {
      const input = cases[(calls + i) % cases.length];
      if (input) checksum += calculatePremium(input).data.payable;
    }
    calls += BATCH;
    elapsed = performance.now() - started;
  }
  if (!(checksum > 0)) throw new Error('Benchmark produced no premiums');
  return { calls, durationMs: Math.round(elapsed), callsPerSecond: Math.round((calls / elapsed) * 1000) };
}
