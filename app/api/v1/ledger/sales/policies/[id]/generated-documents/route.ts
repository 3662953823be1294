import { generateOfferEndpoint } from '@/lib/api/endpoints/documents';
import { requestOffer } from '@/lib/documents/offer';
import { documentResponse } from '@/lib/http/document-response';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

// Spec 4.7: synchronous, answers the offer's PDF (rendered by the documents lane and awaited; see
// lib/documents/offer.ts). An Accept-Language that names a language we write picks it; without one
// (or with `*`, which some HTTP clients send by default) the customer's country does.
const namesLanguage = (header: string | null) => header !== null && /(^|[\s,])(en|de)\b/i.test(header);

export const POST = ledgerRoute(generateOfferEndpoint, async ({ tenant, params, request, language }) => {
  const id = requireUuid(params.id, 'Quote');
  const { metadata, bytes } = await requestOffer(
    {
      tenantId: tenant.id,
      policyId: id,
      language: namesLanguage(request.headers.get('accept-language')) ? language : undefined,
    },
    request.signal,
  );
  return documentResponse(metadata, bytes);
});
