// Helpers for the rating unit tests: a product's example payload with changes, rated the way the
// service rates a stored quote (sync enrichment first), plus exact sums of JSON amounts.
import { money, sumMoney, type Decimal } from '@/lib/money';
import { runEnrichment } from '@/lib/products/enrichment';
import { getProduct } from '@/lib/products/registry';
import type { ProductDefinition, ProductPayload } from '@/lib/products/types';
import { calculatePremium } from '@/lib/rating/calculate-premium';
import type { CalculationResult, PaymentPlan } from '@/lib/rating/types';

/** The day every example is dated from: inceptions fall on 2026-02-01 (annual) or 2026-02-14 (trip). */
export const AS_OF = '2026-01-15';

export function example(code: string, change?: (payload: ProductPayload) => void): ProductPayload {
  const payload = getProduct(code).example(AS_OF);
  change?.(payload);
  return payload;
}

/** The first insured object of a payload, for changes in tests. */
export function firstObject(payload: ProductPayload): Record<string, unknown> {
  const object = payload.objects[0];
  if (!object) throw new Error('The example has no insured object');
  return object;
}

export function rate(product: ProductDefinition | string, payload: ProductPayload, plan?: PaymentPlan): CalculationResult {
  const definition = typeof product === 'string' ? getProduct(product) : product;
  const { enrichment } = runEnrichment(definition.code, payload);
  return calculatePremium({ product: definition, data: payload, enrichment, ...(plan === undefined ? {} : { plan }) });
}

/** Exact decimal sum of JSON amounts (never a float sum). */
export function exactSum(amounts: readonly number[]): Decimal {
  return sumMoney(amounts.map((a) => money(a)));
}

/** The error `action` throws; fails the test when it throws nothing. */
export function thrown(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('Expected the call to throw, but it returned');
}
