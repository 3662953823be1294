// Reading stored documents for the API: one document with its content, or a quote's or policy's
// listing. Both run under the tenant's row-level security; another tenant's id is simply not found.

import { withTenant } from '@/lib/db/tenant';
import { NotFound, ServiceUnavailable } from '@/lib/errors';
import { promoteJobs, retryFailedJobs } from '@/lib/jobs/queue';
import { waitFor } from '@/lib/jobs/wait';
import { GENERATE_DOCUMENTS_TASK } from './queue-documents';
import { documentStore, type DocumentMetadata } from './store';

/**
 * How long a download of a `pending` document waits for the documents lane to store it before
 * answering 503 with Retry-After (LEDGER_DOCUMENT_WAIT_MS). A pack of five renders in about a
 * second on an idle machine; the bound keeps a backlog from holding connections for long.
 */
export const DOCUMENT_WAIT_MS = Math.max(1, Number(process.env.LEDGER_DOCUMENT_WAIT_MS) || 20_000);
const RETRY_AFTER_SECONDS = 2;
/** Attempts a download gives a render that had given up: a broken template is not retried for ever. */
const RETRY_ATTEMPTS_ON_DOWNLOAD = 2;

/** The NOTIFY key the documents lane publishes when it stores a document. */
export const documentChangeKey = (id: string) => `document:${id}`;

interface Found {
  metadata: DocumentMetadata;
  content: Buffer;
}

class RenderFailed extends ServiceUnavailable {
  constructor() {
    super('The document could not be rendered; it has been queued again, ask again shortly', RETRY_AFTER_SECONDS);
  }
}

/**
 * The stored document, null while it is pending; NotFound when there is none of that id. With
 * `ask` (a client's download), a pending document's job goes to the head of the documents lane,
 * and a failed one's job is queued again; without it (the wait), a failed render ends the wait.
 */
function readStored(tenantId: string, id: string, ask = false): Promise<Found | null> {
  return withTenant(tenantId, async (tx) => {
    const store = documentStore();
    const metadata = await store.find(tx, tenantId, id);
    if (!metadata) throw new NotFound('Document', id);
    if (metadata.status === 'failed' && ask) {
      const { policyId, policyVersion } = metadata;
      const key = `documents:${policyId}:%:${policyVersion}`;
      if ((await retryFailedJobs(tx, tenantId, GENERATE_DOCUMENTS_TASK, key, RETRY_ATTEMPTS_ON_DOWNLOAD)) === 0) throw new RenderFailed();
      await store.setUnrendered(tx, tenantId, policyId, policyVersion, 'pending');
      return null;
    }
    if (metadata.status === 'failed') throw new RenderFailed();
    if (metadata.status === 'pending') {
      if (ask) await promoteJobs(tx, tenantId, GENERATE_DOCUMENTS_TASK, `documents:${metadata.policyId}:`);
      return null;
    }
    const content = await store.content(tx, tenantId, id);
    if (!content) throw new NotFound('Document', id);
    return { metadata, content };
  });
}

/** A document with its content; a pending one is waited for (LISTEN/NOTIFY, not a sleep loop). */
export async function readDocument(tenantId: string, id: string, signal?: AbortSignal): Promise<Found> {
  const stored = await readStored(tenantId, id, true);
  if (stored) return stored;
  const waited = await waitFor(documentChangeKey(id), () => readStored(tenantId, id), DOCUMENT_WAIT_MS, signal, tenantId);
  if (!waited) throw new ServiceUnavailable('The document is still being rendered; ask again shortly', RETRY_AFTER_SECONDS);
  return waited;
}

export async function listDocuments(tenantId: string, policyId: string): Promise<DocumentMetadata[]> {
  return withTenant(tenantId, async (tx) => {
    const exists = await tx.policy.count({ where: { id: policyId, tenantId } });
    if (exists === 0) throw new NotFound('Policy', policyId);
    return documentStore().list(tx, tenantId, policyId);
  });
}
