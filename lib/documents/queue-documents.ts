import type { Tx } from '@/lib/db/client';
import { Prisma } from '@/lib/db/generated/client';
import { sqlOf, type SqlTx } from '@/lib/db/sql-tx';
import { enqueueStatement } from '@/lib/jobs/queue';
import { documentLanguage } from './ledger/build-model';
import type { ProductData } from './ledger/describe';
import { documentTitle } from './labels';
import type { DocumentType } from './model';
import { documentStore } from './store';

/** The worker task that renders and stores the documents of one occasion. */
export const GENERATE_DOCUMENTS_TASK = 'documents.generate';

/** The moments in a policy's life that produce documents (spec 2.9). */
export type DocumentOccasion = 'bind' | 'issue' | 'mta' | 'termination' | 'reinstatement' | 'renewal';

/** DOMAIN §7: the documents of each occasion. */
export const OCCASION_DOCUMENTS: Record<DocumentOccasion, readonly DocumentType[]> = {
  // Pre-contract information, sent with the bound quote.
  bind: ['product-information', 'terms-summary'],
  // The policy pack.
  issue: ['policy-schedule', 'certificate', 'invoice', 'product-information', 'terms-summary'],
  // A new version: the endorsement and the schedule and certificate of that version; an invoice
  // (additional premium) or credit note (return premium) when the change moved money.
  mta: ['endorsement', 'policy-schedule', 'certificate', 'invoice'],
  termination: ['termination-notice'],
  // Cover back from the termination date: the version's schedule and certificate, and the invoice
  // charging back the return premium.
  reinstatement: ['endorsement', 'policy-schedule', 'certificate', 'invoice'],
  // The renewal quote's offer, sent as the renewal invitation.
  renewal: ['quote-offer', 'product-information'],
};

/** Documents that need an invoice: without one (a data change) they are left out. */
const NEEDS_INVOICE: ReadonlySet<DocumentType> = new Set(['invoice']);

/** The documents an occasion produces, given whether it raised an invoice. */
export function occasionDocuments(occasion: DocumentOccasion, hasInvoice: boolean): DocumentType[] {
  return OCCASION_DOCUMENTS[occasion].filter((type) => hasInvoice || !NEEDS_INVOICE.has(type));
}

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
 *
 * The same transaction lists every document the job will store as `pending`, so a client that
 * sees the state change (an issue request's `success`) finds all its documents listed at once.
 */
export function queueDocuments(tx: Tx, input: QueueDocumentsInput): Promise<void> {
  return queueDocumentsIn(sqlOf(tx), input);
}

/** How the occasion's documents are titled and written, when the caller knows it already. */
export interface AnnouncedAs {
  /** The policy number, or the quote number before issue. */
  reference: string;
  /** The data of the version the documents describe. */
  data: ProductData;
}

/** queueDocuments on either transaction path (lib/db/sql-tx.ts); reads the policy unless told `announcedAs`. */
export async function queueDocumentsIn(db: SqlTx, input: QueueDocumentsInput, announcedAs?: AnnouncedAs): Promise<void> {
  const payload: GenerateDocumentsPayload = {
    tenantId: input.tenantId,
    policyId: input.policyId,
    occasion: input.occasion,
    policyVersion: input.policyVersion,
    ...(input.invoiceId ? { invoiceId: input.invoiceId } : {}),
  };
  await db.execute(
    enqueueStatement(
      GENERATE_DOCUMENTS_TASK,
      { ...payload },
      {
        tenantId: input.tenantId,
        dedupeKey: `documents:${input.policyId}:${input.occasion}:${input.policyVersion}`,
      },
    ),
  );
  await announceDocuments(db, input, announcedAs);
}

/**
 * Files the occasion's documents as `pending`, titled and in the language the render will use
 * (the customer's country in the data of that version). Offers are keyed by their content and
 * appear when rendered.
 */
async function announceDocuments(db: SqlTx, input: QueueDocumentsInput, announcedAs?: AnnouncedAs): Promise<void> {
  const types = occasionDocuments(input.occasion, Boolean(input.invoiceId)).filter((type) => type !== 'quote-offer');
  if (types.length === 0) return;
  const { tenantId, policyId, policyVersion } = input;
  const described = announcedAs ?? (await describedPolicy(db, input));
  if (!described) return;
  const language = documentLanguage(described.data);
  const reference = described.reference;
  await documentStore().announce(
    db,
    tenantId,
    types.map((type) => ({ policyId, type, policyVersion, language, title: `${documentTitle(type, language)} ${reference}` })),
  );
}

/** As the render titles it (lib/documents/render.ts): the policy number once there is one; the version's data. */
async function describedPolicy(db: SqlTx, input: QueueDocumentsInput): Promise<AnnouncedAs | null> {
  const { tenantId, policyId, policyVersion } = input;
  const [policy] = await db.query<{ quoteNumber: string; policyNumber: string | null; data: unknown; versionData: unknown }>(Prisma.sql`
    SELECT p."quoteNumber", p."policyNumber", p."data",
      (SELECT v."data" FROM "PolicyVersion" v
        WHERE v."tenantId" = p."tenantId" AND v."policyId" = p."id" AND v."version" = ${policyVersion} AND ${policyVersion} > 0) AS "versionData"
    FROM "Policy" p WHERE p."id" = ${policyId}::uuid AND p."tenantId" = ${tenantId}::uuid`);
  if (!policy) return null;
  return { reference: policy.policyNumber ?? policy.quoteNumber, data: (policy.versionData ?? policy.data) as ProductData };
}
