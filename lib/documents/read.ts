// Reading stored documents for the API: one document with its content, or a quote's or policy's
// listing. Both run under the tenant's row-level security; another tenant's id is simply not found.

import { withTenant } from '@/lib/db/tenant';
import { NotFound } from '@/lib/errors';
import { documentStore, type DocumentMetadata } from './store';

export async function readDocument(tenantId: string, id: string): Promise<{ metadata: DocumentMetadata; content: Buffer }> {
  return withTenant(tenantId, async (tx) => {
    const store = documentStore();
    const metadata = await store.find(tx, tenantId, id);
    const content = metadata && (await store.content(tx, tenantId, id));
    if (!metadata || !content) throw new NotFound('Document', id);
    return { metadata, content };
  });
}

export async function listDocuments(tenantId: string, policyId: string): Promise<DocumentMetadata[]> {
  return withTenant(tenantId, async (tx) => {
    const exists = await tx.policy.count({ where: { id: policyId, tenantId } });
    if (exists === 0) throw new NotFound('Policy', policyId);
    return documentStore().list(tx, tenantId, policyId);
  });
}
