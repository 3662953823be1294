// Renders a document model to PDF bytes in this thread. CPU-bound (tens of milliseconds a page):
// the ledger renders in its worker jobs, and only the synchronous offer on the request path.

import { createHash } from 'node:crypto';
import { renderToBuffer } from '@react-pdf/renderer';
import { metrics } from '@/lib/metrics/registry';
import { registerFonts } from './fonts';
import { documentTitle } from './labels';
import { primaryReference, type DocumentModel } from './model';
import { TEMPLATES } from './templates';
import { renderContext } from './templates/parts/context';

export interface RenderedDocument {
  bytes: Buffer;
  contentType: 'application/pdf';
  /** Hex SHA-256 of `bytes`, stored with the document and sent as its checksum. */
  sha256: string;
  size: number;
  /** The stored document title, e.g. `Policy schedule POL-2026-000042`. */
  title: string;
  pageCount?: number;
}

/**
 * Page objects in the PDF. The page tree dictionaries are written uncompressed, so counting
 * `/Type /Page` (not `/Pages`) is exact and avoids parsing the whole file again.
 */
function countPages(bytes: Buffer): number | undefined {
  const matches = bytes.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g);
  return matches ? matches.length : undefined;
}

export async function renderDocument(model: DocumentModel): Promise<RenderedDocument> {
  registerFonts();
  const template = TEMPLATES[model.type];
  // Templates are plain functions without hooks; calling one yields the <Document> tree directly.
  const bytes = await renderToBuffer(template({ ctx: renderContext(model) }));
  metrics().documentsRendered.inc({ type: model.type });
  return {
    bytes,
    contentType: 'application/pdf',
    sha256: createHash('sha256').update(bytes).digest('hex'),
    size: bytes.length,
    title: `${documentTitle(model.type, model.language)} ${primaryReference(model)}`,
    pageCount: countPages(bytes),
  };
}
