import { listDocumentsEndpoint } from '@/lib/api/endpoints/documents';
import { signedDocumentHref } from '@/lib/documents/links';
import { listDocuments } from '@/lib/documents/read';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';
import { otherMethodAnswers } from '@/lib/http/unknown-route';

export const dynamic = 'force-dynamic';

export const GET = ledgerRoute(listDocumentsEndpoint, async ({ tenant, params }) => {
  const id = requireUuid(params.id, 'Policy');
  const documents = await listDocuments(tenant.id, id);
  const data = await Promise.all(
    documents.map(async (document) => ({
      id: document.id,
      status: document.status,
      type: document.type,
      title: document.title,
      language: document.language,
      contentType: document.contentType,
      // Known once rendered; a pending document's link waits for the render.
      size: document.status === 'stored' ? document.size : null,
      sha256: document.status === 'stored' ? document.sha256 : null,
      version: document.policyVersion,
      createdAt: document.createdAt.toISOString(),
      href: await signedDocumentHref(document.id, tenant.tag),
    })),
  );
  return { data };
});

// proxy.ts does not run on this route (its matcher): the methods it does not take are answered here.
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethodAnswers('/api/v1/ledger/policies/{id}/documents');
