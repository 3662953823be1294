import { downloadDocumentEndpoint } from '@/lib/api/endpoints/documents';
import { readDocument } from '@/lib/documents/read';
import { documentResponse, wantsJson } from '@/lib/http/document-response';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = ledgerRoute(downloadDocumentEndpoint, async ({ tenant, params, request }) => {
  const id = requireUuid(params.id, 'Document');
  const { metadata, content } = await readDocument(tenant.id, id, request.signal);
  return documentResponse(metadata, content, { json: wantsJson(request) });
});
