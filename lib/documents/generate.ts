// Document generation: which documents each occasion produces, and the worker job that renders and
// stores them (the offer of spec 4.7 is in ./offer.ts). Rendering happens only in the documents
// lane's worker, outside any transaction (it is CPU work of tens to hundreds of milliseconds);
// reading the records and storing the result are short transactions of their own.

import { withTenant } from '@/lib/db/tenant';
import type { Tx } from '@/lib/db/client';
import type { ClaimedJob } from '@/lib/jobs/worker';
import { PermanentJobFailure } from '@/lib/jobs/worker';
import { emitPublicEvents } from '@/lib/events-out/emit';
import { publishChange } from '@/lib/jobs/queue';
import { log } from '@/lib/log';
import { buildDocumentModel } from './ledger/build-model';
import { loadSnapshot, type LedgerSnapshot } from './ledger/load';
import type { DocumentLanguage, DocumentType } from './model';
import { occasionDocuments, type GenerateDocumentsPayload } from './queue-documents';
import { renderDocument } from './render';
import { documentChangeKey } from './read';
import { documentStore, type DocumentMetadata } from './store';

export interface GeneratedDocument {
  metadata: DocumentMetadata;
  created: boolean;
}

/** Renders one document and stores it; `afterSave` runs in the storing transaction. */
export async function renderAndStore(
  tenantId: string,
  snapshot: LedgerSnapshot,
  type: DocumentType,
  policyVersion: number,
  language?: DocumentLanguage,
  afterSave?: (tx: Tx, metadata: DocumentMetadata) => Promise<void>,
) {
  const model = buildDocumentModel(snapshot, type, language);
  const rendered = await renderDocument(model);
  const stored = await withTenant(tenantId, async (tx) => {
    const saved = await documentStore().save(tx, tenantId, {
      policyId: snapshot.policy.id,
      type,
      title: rendered.title,
      language: model.language,
      policyVersion,
      contentType: rendered.contentType,
      size: rendered.size,
      sha256: rendered.sha256,
      content: rendered.bytes,
    });
    // A document stored now is news for consumers (document.ready); its twin found stored is not.
    // Not an audit event: storing a document changes no quote or policy.
    if (saved.created) {
      await emitPublicEvents(tx, {
        tenantId,
        policyId: snapshot.policy.id,
        type: 'document.stored',
        data: { documentId: saved.metadata.id, documentType: type, policyVersion, title: saved.metadata.title },
      });
    }
    // Wakes a download that waits for this document (lib/documents/read.ts).
    await publishChange(tx, documentChangeKey(saved.metadata.id));
    await afterSave?.(tx, saved.metadata);
    return saved;
  });
  return { ...stored, bytes: rendered.bytes };
}

/** Renders and stores the documents of one occasion; documents already stored are skipped. */
export async function generateDocuments(input: GenerateDocumentsPayload): Promise<GeneratedDocument[]> {
  const { tenantId, policyId, occasion, policyVersion, invoiceId } = input;
  const types = occasionDocuments(occasion, Boolean(invoiceId));
  const { snapshot, missing } = await withTenant(tenantId, async (tx) => {
    const store = documentStore();
    const missingTypes: DocumentType[] = [];
    for (const type of types) {
      if (type === 'quote-offer' || !(await store.has(tx, tenantId, policyId, type, policyVersion))) missingTypes.push(type);
    }
    if (missingTypes.length === 0) return { snapshot: null, missing: missingTypes };
    const loaded = await loadSnapshot(tx, { tenantId, policyId, policyVersion, invoiceId, termination: occasion === 'termination' });
    return { snapshot: loaded, missing: missingTypes };
  });
  if (missing.length === 0) return [];
  if (!snapshot) throw new PermanentJobFailure('no-policy', `Policy ${policyId} does not exist`);
  if (policyVersion > 0 && !snapshot.version)
    throw new PermanentJobFailure('no-version', `Policy ${policyId} has no version ${policyVersion}`);
  if (invoiceId && !snapshot.invoice) throw new PermanentJobFailure('no-invoice', `Invoice ${invoiceId} does not exist`);
  const results: GeneratedDocument[] = [];
  for (const type of missing) {
    const { metadata, created } = await renderAndStore(tenantId, snapshot, type, policyVersion);
    results.push({ metadata, created });
  }
  return results;
}

/**
 * The job gave up for good: its documents still pending become `failed`, so the listing stops
 * promising them and waiting downloads answer at once. A download queues the render again.
 */
export async function generateDocumentsGaveUp(job: ClaimedJob): Promise<void> {
  const { tenantId, policyId, policyVersion } = job.payload as unknown as GenerateDocumentsPayload;
  await withTenant(tenantId, async (tx) => {
    const failed = await documentStore().setUnrendered(tx, tenantId, policyId, policyVersion, 'failed');
    for (const id of failed) await publishChange(tx, documentChangeKey(id));
  });
}

/** The worker task (lib/jobs/tasks.ts). */
export async function generateDocumentsJob(job: ClaimedJob): Promise<void> {
  const payload = job.payload as unknown as GenerateDocumentsPayload;
  const startedMs = performance.now();
  const results = await generateDocuments(payload);
  log.info('documents generated', {
    policyId: payload.policyId,
    occasion: payload.occasion,
    version: payload.policyVersion,
    created: results.filter((result) => result.created).map((result) => result.metadata.type),
    durationMs: Math.round(performance.now() - startedMs),
  });
}
