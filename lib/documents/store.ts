// Where documents live. Metadata and content sit behind this one interface so the content can move
// to an object store (S3, GCS) without touching the generation or the HTTP layer: such a store keeps
// the metadata row and writes the bytes under the document id. The default keeps both in PostgreSQL,
// in the same transaction as the rest of the ledger, under its row-level security.

import type { Tx } from '@/lib/db/client';
import { Prisma } from '@/lib/db/generated/client';
import type { SqlTx } from '@/lib/db/sql-tx';
import type { DocumentType } from './model';

/**
 * `pending`: listed since its occasion committed, not rendered yet; `stored`: content present;
 * `failed`: its render job gave up for good (a download queues it again).
 */
export type DocumentStatus = 'pending' | 'stored' | 'failed';

export interface DocumentMetadata {
  id: string;
  status: DocumentStatus;
  policyId: string;
  type: DocumentType;
  title: string;
  language: string;
  policyVersion: number;
  contentType: string;
  size: number;
  sha256: string;
  createdAt: Date;
}

export type NewDocument = Omit<DocumentMetadata, 'id' | 'createdAt' | 'status'> & { content: Buffer };

/** A document announced by its occasion's transaction, rendered later by the documents lane. */
export type PendingDocument = Pick<DocumentMetadata, 'policyId' | 'type' | 'title' | 'language' | 'policyVersion'>;

export interface DocumentStore {
  /**
   * Stores the document unless its twin exists (same policy, type and version; for offers the same
   * content); answers the stored one either way, and whether this call created it.
   */
  save(tx: Tx, tenantId: string, document: NewDocument): Promise<{ metadata: DocumentMetadata; created: boolean }>;
  /** Lists documents as `pending` before they are rendered; twins already filed are left as they are. */
  announce(db: SqlTx, tenantId: string, documents: PendingDocument[]): Promise<void>;
  /**
   * Marks the version's documents still pending as `failed` (their job gave up for good), or back
   * to `pending` (queued again); answers the ids changed.
   */
  setUnrendered(tx: Tx, tenantId: string, policyId: string, policyVersion: number, to: 'failed' | 'pending'): Promise<string[]>;
  /** True when a document of this type and version is stored, so a job can skip the render. */
  has(tx: Tx, tenantId: string, policyId: string, type: DocumentType, policyVersion: number): Promise<boolean>;
  /** Metadata of a quote's or policy's documents, newest first; never the content. */
  list(tx: Tx, tenantId: string, policyId: string): Promise<DocumentMetadata[]>;
  find(tx: Tx, tenantId: string, id: string): Promise<DocumentMetadata | null>;
  content(tx: Tx, tenantId: string, id: string): Promise<Buffer | null>;
  /** The offer stored for this fingerprint of a quote's state (see lib/documents/offer.ts). */
  findOffer(tx: Tx, tenantId: string, policyId: string, renderKey: string): Promise<DocumentMetadata | null>;
  /** Files an offer under a fingerprint (the newest fingerprint wins when two states look alike). */
  markOffer(tx: Tx, tenantId: string, id: string, renderKey: string): Promise<void>;
}

const METADATA = {
  id: true,
  status: true,
  policyId: true,
  type: true,
  title: true,
  language: true,
  policyVersion: true,
  contentType: true,
  size: true,
  sha256: true,
  createdAt: true,
} as const;

type MetadataRow = Omit<DocumentMetadata, 'type' | 'status'> & { type: string; status: string };
const asMetadata = (row: MetadataRow): DocumentMetadata => ({
  ...row,
  type: row.type as DocumentType,
  status: row.status === 'pending' || row.status === 'failed' ? row.status : 'stored',
});

export const postgresDocumentStore: DocumentStore = {
  async save(tx, tenantId, document) {
    // A document announced as pending (or failed before) gets its content; otherwise it is inserted.
    const filled = await tx.$queryRaw<{ id: string }[]>`
      UPDATE "Document" SET "title" = ${document.title}, "language" = ${document.language}, "contentType" = ${document.contentType},
        "size" = ${document.size}, "sha256" = ${document.sha256}, "content" = ${document.content}, "status" = 'stored'
      WHERE "tenantId" = ${tenantId}::uuid AND "policyId" = ${document.policyId}::uuid AND "type" = ${document.type}
        AND "policyVersion" = ${document.policyVersion} AND "status" IN ('pending', 'failed') AND "type" <> 'quote-offer'
      RETURNING "id"::text AS "id"`;
    if (filled.length === 1) {
      const row = await tx.document.findFirstOrThrow({ where: { id: filled[0]!.id, tenantId }, select: METADATA });
      return { metadata: asMetadata(row), created: true };
    }
    // ON CONFLICT keeps the transaction usable when a twin exists (a unique violation would abort it).
    const inserted = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO "Document" ("tenantId", "policyId", "type", "title", "language", "policyVersion", "contentType", "size", "sha256", "content")
      VALUES (${tenantId}::uuid, ${document.policyId}::uuid, ${document.type}, ${document.title}, ${document.language},
        ${document.policyVersion}, ${document.contentType}, ${document.size}, ${document.sha256}, ${document.content})
      ON CONFLICT DO NOTHING
      RETURNING "id"::text AS "id"`;
    const created = inserted.length === 1;
    const where =
      document.type === 'quote-offer'
        ? { tenantId, policyId: document.policyId, type: document.type, sha256: document.sha256 }
        : { tenantId, policyId: document.policyId, type: document.type, policyVersion: document.policyVersion };
    const row = await tx.document.findFirstOrThrow({ where: created ? { id: inserted[0]!.id, tenantId } : where, select: METADATA });
    return { metadata: asMetadata(row), created };
  },
  async announce(db, tenantId, documents) {
    if (documents.length === 0) return;
    const rows = documents.map(
      (document) =>
        Prisma.sql`(${tenantId}::uuid, ${document.policyId}::uuid, ${document.type}, ${document.title}, ${document.language},
          ${document.policyVersion}, 'pending', 'application/pdf', 0, '', NULL)`,
    );
    // ON CONFLICT DO NOTHING leaves a twin filed by an earlier run as it is.
    await db.execute(Prisma.sql`INSERT INTO "Document" ("tenantId", "policyId", "type", "title", "language", "policyVersion", "status",
        "contentType", "size", "sha256", "content")
      VALUES ${Prisma.join(rows)} ON CONFLICT DO NOTHING`);
  },
  async setUnrendered(tx, tenantId, policyId, policyVersion, to) {
    const from = to === 'failed' ? 'pending' : 'failed';
    const rows = await tx.$queryRaw<{ id: string }[]>`
      UPDATE "Document" SET "status" = ${to}
      WHERE "tenantId" = ${tenantId}::uuid AND "policyId" = ${policyId}::uuid AND "policyVersion" = ${policyVersion} AND "status" = ${from}
      RETURNING "id"::text AS "id"`;
    return rows.map((row) => row.id);
  },
  async has(tx, tenantId, policyId, type, policyVersion) {
    return (await tx.document.count({ where: { tenantId, policyId, type, policyVersion, status: 'stored' } })) > 0;
  },
  async list(tx, tenantId, policyId) {
    const rows = await tx.document.findMany({
      where: { tenantId, policyId },
      select: METADATA,
      orderBy: [{ createdAt: 'desc' }, { type: 'asc' }],
    });
    return rows.map(asMetadata);
  },
  async find(tx, tenantId, id) {
    const row = await tx.document.findFirst({ where: { id, tenantId }, select: METADATA });
    return row ? asMetadata(row) : null;
  },
  async content(tx, tenantId, id) {
    const row = await tx.document.findFirst({ where: { id, tenantId }, select: { content: true } });
    return row?.content ? Buffer.from(row.content) : null;
  },
  async findOffer(tx, tenantId, policyId, renderKey) {
    const row = await tx.document.findFirst({ where: { tenantId, policyId, type: 'quote-offer', renderKey }, select: METADATA });
    return row ? asMetadata(row) : null;
  },
  async markOffer(tx, tenantId, id, renderKey) {
    await tx.document.updateMany({ where: { id, tenantId, type: 'quote-offer' }, data: { renderKey } });
  },
};

/** The store in use; an object-store implementation would be chosen here from configuration. */
export function documentStore(): DocumentStore {
  return postgresDocumentStore;
}
