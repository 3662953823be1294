// In-process rendering benchmark: renders `count` sample documents (every type, both languages,
// round robin) one after the other and reports the timings. Used by the benchmark runner.

import { DOCUMENT_TYPES, type DocumentLanguage, type DocumentModel } from './model';
import { registerFonts } from './fonts';
import { renderDocument } from './render';
import { sampleDocumentModel } from './sample';

export interface RenderTimings {
  count: number;
  totalMs: number;
  documentsPerSecond: number;
  meanMs: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  bytes: number;
  /** Mean milliseconds per document type. */
  byType: Record<string, number>;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

export function sampleModels(count: number): DocumentModel[] {
  const languages: DocumentLanguage[] = ['en', 'de'];
  const kinds = languages.flatMap((language) => DOCUMENT_TYPES.map((type) => sampleDocumentModel(type, language)));
  return Array.from({ length: count }, (_, index) => kinds[index % kinds.length]!);
}

/** One warm-up render (fonts, layout caches) is done first and not counted. */
export async function renderSampleDocuments(count: number): Promise<RenderTimings> {
  registerFonts();
  await renderDocument(sampleDocumentModel('quote-offer', 'en'));
  const durations: number[] = [];
  const perType = new Map<string, number[]>();
  let bytes = 0;
  const started = performance.now();
  for (const model of sampleModels(count)) {
    const t0 = performance.now();
    const rendered = await renderDocument(model);
    const ms = performance.now() - t0;
    durations.push(ms);
    bytes += rendered.size;
    perType.set(model.type, [...(perType.get(model.type) ?? []), ms]);
  }
  const totalMs = performance.now() - started;
  const sorted = [...durations].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    count,
    totalMs: round(totalMs),
    documentsPerSecond: round((count / totalMs) * 1000),
    meanMs: round(totalMs / Math.max(1, count)),
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    maxMs: round(sorted[sorted.length - 1] ?? 0),
    bytes,
    byType: Object.fromEntries([...perType].map(([type, list]) => [type, round(list.reduce((a, b) => a + b, 0) / list.length)])),
  };
}
