import { existsSync } from 'node:fs';
import path from 'node:path';
import { percentile } from './load';

// The in-process figures: premium calculations per second (lib/rating/bench.ts) and PDF
// documents per second with the offer's render latency (lib/documents).

export interface RatingFigures {
  callsPerSecond: number;
  calls: number;
}

export async function benchRatingInProcess(durationMs: number): Promise<RatingFigures> {
  const { benchRating } = await import('@/lib/rating/bench');
  benchRating(Math.min(500, durationMs)); // warm-up: JIT
  const result = benchRating(durationMs);
  return { callsPerSecond: result.callsPerSecond, calls: result.calls };
}

export interface DocumentFigures {
  via: string;
  documents: number;
  perSecond: number;
  offerP50: number;
  offerP99: number;
}

type RenderOne = (type: string) => Promise<unknown>;

async function renderer(): Promise<{ via: string; renderOne: RenderOne; types: readonly string[] }> {
  const { renderDocument } = await import('@/lib/documents/render');
  const { sampleDocumentModel } = await import('@/lib/documents/sample');
  const { DOCUMENT_TYPES } = await import('@/lib/documents/model');
  return {
    via: 'lib/documents/render.ts on lib/documents/sample.ts models',
    renderOne: (type) => renderDocument(sampleDocumentModel(type as (typeof DOCUMENT_TYPES)[number], 'en')),
    types: DOCUMENT_TYPES,
  };
}

export async function benchDocuments(durationMs: number, offerSamples: number): Promise<DocumentFigures> {
  const benchModule = path.join(process.cwd(), 'lib/documents/bench.ts');
  if (existsSync(benchModule)) {
    const documentsBench = (await import('@/lib/documents/bench' as string)) as {
      renderSampleDocuments?: (count: number) => Promise<{ documentsPerSecond?: number; count?: number }>;
    };
    if (typeof documentsBench.renderSampleDocuments === 'function')
      return viaBenchModule(documentsBench.renderSampleDocuments, durationMs, offerSamples);
  }
  const { via, renderOne, types } = await renderer();
  for (const type of types) await renderOne(type); // warm-up: fonts, templates, JIT
  const started = performance.now();
  let documents = 0;
  while (performance.now() - started < durationMs) {
    await renderOne(types[documents % types.length] ?? 'quote-offer');
    documents++;
  }
  const perSecond = documents / ((performance.now() - started) / 1000);
  const offer: number[] = [];
  for (let i = 0; i < offerSamples; i++) {
    const t0 = performance.now();
    await renderOne('quote-offer');
    offer.push(performance.now() - t0);
  }
  return { via, documents, perSecond, offerP50: percentile(offer, 50), offerP99: percentile(offer, 99) };
}

async function viaBenchModule(
  renderSampleDocuments: (count: number) => Promise<{ documentsPerSecond?: number; count?: number }>,
  durationMs: number,
  offerSamples: number,
): Promise<DocumentFigures> {
  // A short run sizes the measured one to about `durationMs` (each call renders one warm-up document first).
  const probe = await renderSampleDocuments(4);
  const documents = Math.max(16, Math.round(((probe.documentsPerSecond ?? 4) * durationMs) / 1000));
  const measured = await renderSampleDocuments(documents);
  const perSecond = measured.documentsPerSecond ?? NaN;
  // The offer's latency: one document at a time through the same renderer.
  const { renderOne } = await renderer();
  await renderOne('quote-offer');
  const offer: number[] = [];
  for (let i = 0; i < offerSamples; i++) {
    const t0 = performance.now();
    await renderOne('quote-offer');
    offer.push(performance.now() - t0);
  }
  return {
    via: 'lib/documents/bench.ts renderSampleDocuments (offer latency: render.ts)',
    documents,
    perSecond,
    offerP50: percentile(offer, 50),
    offerP99: percentile(offer, 99),
  };
}
