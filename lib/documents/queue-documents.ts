import type { Tx } from '@/lib/db/client';
import { enqueue } from '@/lib/jobs/queue';

/** The worker task that renders and stores the documents of one occasion. */
export const GENERATE_DOCUMENTS_TASK = 'documents.generate';

/** The moments in a policy's life that produce documents (spec 2.9). */
export type DocumentOccasion = 'bind' | 'issue' | 'mta' | 'termination' | 'renewal';

export interface QueueDocumentsInput {
  tenantId: string;
  policyId: string;
  occasion: DocumentOccasion;
  /** The policy version the documents describe (0 for a quote that has none yet). */
  policyVersion: number;
  /** The invoice (or credit note) the occasion raised, when it raised one. */
  invoiceId?: string;
}

export type GenerateDocumentsPayload = QueueDocumentsInput;

/**
 * Adds the document generation job in the caller's transaction, so the documents are
 * produced exactly when the state change commits. Rendering is CPU heavy and stays off
 * the request path; the job is idempotent, and a second queueing of the same occasion and
 * version is ignored while the first is pending.
 */
export async function queueDocuments(tx: Tx, input: QueueDocumentsInput): Promise<void> {
  const payload: GenerateDocumentsPayload = {
    tenantId: input.tenantId,
    policyId: input.policyId,
    occasion: input.occasion,
    policyVersion: input.policyVersion,
    ...(input.invoiceId ? { invoiceId: input.invoiceId } : {}),
  };
  await enqueue(
    tx,
    GENERATE_DOCUMENTS_TASK,
    { ...payload },
    {
      tenantId: input.tenantId,
      dedupeKey: `documents:${input.policyId}:${input.occasion}:${input.policyVersion}`,
    },
  );
}
