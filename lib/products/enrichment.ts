// Runs a product's enrichment steps. Create runs the sync steps and answers with their results;
// each async step is a queued job (`runEnrichmentStep`). Results are stored apart from the
// payload, keyed by step name; fallbacks surface as warnings.
import { NotFound, type FieldError } from '@/lib/errors';
import { isObject } from '@/lib/products/common/read';
import { getProduct } from '@/lib/products/registry';
import type { EnrichmentOutput, EnrichmentStep, JsonObject } from '@/lib/products/types';

export type EnrichmentMode = 'sync' | 'async' | 'all';

export interface EnrichmentRun {
  enrichment: Record<string, EnrichmentOutput>;
  warnings: FieldError[];
}

export function enrichmentSteps(code: string, mode: EnrichmentMode = 'all'): readonly EnrichmentStep[] {
  const steps = getProduct(code).enrichment;
  return mode === 'all' ? steps : steps.filter((step) => step.mode === mode);
}

export function runEnrichmentStep(code: string, stepName: string, payload: JsonObject): EnrichmentOutput {
  const step = getProduct(code).enrichment.find((s) => s.name === stepName);
  if (!step) throw new NotFound('Enrichment step', `${code}/${stepName}`);
  return step.run(payload);
}

/** Runs the steps of `mode` (sync by default) in their declared order. */
export function runEnrichment(code: string, payload: JsonObject, mode: EnrichmentMode = 'sync'): EnrichmentRun {
  const enrichment: Record<string, EnrichmentOutput> = {};
  for (const step of enrichmentSteps(code, mode)) enrichment[step.name] = step.run(payload);
  return { enrichment, warnings: enrichmentWarnings(enrichment) };
}

/** The warnings inside stored enrichment results, for the `warnings` array of a quote read. */
export function enrichmentWarnings(enrichment: unknown): FieldError[] {
  if (!isObject(enrichment)) return [];
  const out: FieldError[] = [];
  for (const output of Object.values(enrichment)) {
    if (!isObject(output) || !Array.isArray(output.warnings)) continue;
    for (const w of output.warnings) {
      if (isObject(w) && typeof w.path === 'string' && typeof w.message === 'string') out.push({ path: w.path, message: w.message });
    }
  }
  return out;
}
