import { z } from 'zod';
import { ANY_LEDGER_ROLE } from '@/lib/auth/roles';
import type { Principal } from '@/lib/auth/principal';
import { DOCUMENT_TYPES } from '@/lib/documents/model';
import { verifyDocumentLink } from '@/lib/documents/links';
import { Unauthenticated } from '@/lib/errors';
import type { TenantRef } from '@/lib/tenants/lookup';
import { defineEndpoint } from '../endpoint';
import { commonProblems, problemSchema, stateProblems } from '../schemas';

// Documents (spec 2.9, 4.7, 4.17; API-CONTRACT §1 signed links, §5 listing).

const TAG = 'Documents';

export const documentMetadataSchema = z
  .object({
    id: z.uuid(),
    policyId: z.uuid(),
    type: z.enum(DOCUMENT_TYPES),
    title: z.string(),
    language: z.string(),
    policyVersion: z.number().int().meta({ description: '0 for a quote’s documents, else the policy version they describe' }),
    contentType: z.string(),
    size: z.number().int(),
    sha256: z.string().meta({ description: 'Hex SHA-256 of the content' }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'DocumentMetadata', description: 'Spec 2.9: the metadata stored with every document' });

export const documentListingSchema = z
  .object({
    data: z.array(
      z.object({
        id: z.uuid(),
        status: z.enum(['pending', 'stored', 'failed']).meta({
          description:
            '`pending`: listed since the issue (bind, change, termination) committed, being rendered; `stored`: the file is there; `failed`: the render gave up after its retries (a download queues it again)',
        }),
        type: z.enum(DOCUMENT_TYPES),
        title: z.string(),
        language: z.string(),
        contentType: z.string(),
        size: z.number().int().nullable().meta({ description: 'Bytes; null while pending' }),
        sha256: z.string().nullable().meta({ description: 'Hex SHA-256 of the content; null while pending' }),
        version: z.number().int(),
        createdAt: z.iso.datetime(),
        href: z.string().meta({
          description:
            'Signed download link; works with only X-TENANT-ID, for a few minutes. For a pending document the download waits for the render',
        }),
      }),
    ),
  })
  .meta({ id: 'DocumentListing' });

const METADATA_HEADER = {
  'X-Document-Metadata': { description: 'The document metadata as JSON (non-ASCII escaped)', required: true },
};
const DISPOSITION_HEADER = { 'Content-Disposition': { description: 'attachment with the file name', required: true } };

/**
 * A signed `token` query parameter instead of a bearer: valid only for the one document it names
 * (the id in the path). A present but bad or expired token is 401 at once.
 */
export async function documentLinkAuth(request: Request, tenant: TenantRef): Promise<Principal | null> {
  const url = new URL(request.url);
  const token = url.searchParams.get('token');
  if (token === null) return null;
  const claims = await verifyDocumentLink(token);
  const pathId = decodeURIComponent(url.pathname.split('/').filter(Boolean).pop() ?? '').toLowerCase();
  if (claims.documentId.toLowerCase() !== pathId) throw new Unauthenticated('The download link is invalid');
  // The link's holder may read this one document of this tenant and nothing else.
  return { subject: `link:${claims.documentId}`, tenantTag: claims.tenantTag, roles: ['broker'], tokenId: `link:${tenant.tag}` };
}

export const downloadDocumentEndpoint = defineEndpoint({
  operationId: 'downloadDocument',
  method: 'GET',
  path: '/api/v1/ledger/documents/{id}',
  summary: 'Download a document',
  description:
    'Spec 4.17. Authenticated by a bearer token, or by the signed `token` of a listing’s `href` with only `X-TENANT-ID`. By default the raw file with `Content-Type`, `Content-Disposition` and `X-Document-Metadata`; with `Accept: application/json` the object `{ content: <base64>, metadata }`. An expired or altered link is 401; another tenant’s document is 404. A document still `pending` is waited for (up to 20 s), then 503 with `Retry-After`; a `failed` one is queued for rendering again and waited for the same way.',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  alternativeAuth: documentLinkAuth,
  query: z.object({
    token: z.string().max(4096).optional().describe('The signed link token from a listing’s `href`; replaces the bearer for this document'),
  }),
  responses: {
    200: {
      description: 'The file; with `Accept: application/json`, `{ content, metadata }` instead (no file headers then)',
      contentType: 'application/pdf',
      headers: {
        'Content-Disposition': { description: 'attachment with the file name (file answers only)' },
        'X-Document-Metadata': { description: 'The document metadata as JSON, non-ASCII escaped (file answers only)' },
      },
      alternatives: {
        'application/json': z
          .object({ content: z.base64().meta({ description: 'The file, base64' }), metadata: documentMetadataSchema })
          .meta({ id: 'DocumentContent' }),
      },
    },
    ...commonProblems,
    503: {
      description: 'The document is still being rendered; ask again after `Retry-After` seconds',
      schema: problemSchema,
      contentType: 'application/problem+json',
    },
  },
});

export const listDocumentsEndpoint = defineEndpoint({
  operationId: 'listDocuments',
  method: 'GET',
  path: '/api/v1/ledger/policies/{id}/documents',
  summary: 'Documents of a quote or policy',
  description:
    'API-CONTRACT §5: every document of the quote or policy, newest first, each with a signed download link. The documents of a bind, issue, MTA or termination are listed from the moment it commits (an issue request’s `success`), as `pending` until the background render stores them; downloading a pending one waits for it.',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  responses: { 200: { description: 'The documents', schema: documentListingSchema }, ...commonProblems },
});

export const generateOfferEndpoint = defineEndpoint({
  operationId: 'generateQuoteDocuments',
  method: 'POST',
  path: '/api/v1/ledger/sales/policies/{id}/generated-documents',
  summary: 'Generate the quote documents',
  description:
    'Spec 4.7: answers the offer as PDF (stored like every document; `X-Document-Metadata` carries its id). An unchanged quote answers its stored offer at once; otherwise the offer is rendered in the background and the request waits for it (up to 20 s). Allowed for a calculated, bound or issued quote; a quote awaiting an underwriter, or one that needs calculating, is 409. The language follows `Accept-Language`, else the customer’s country.',
  tag: TAG,
  roles: ANY_LEDGER_ROLE,
  requestHeaders: { 'Accept-Language': 'en or de' },
  idempotent: true,
  responses: {
    200: {
      description: 'The offer as PDF',
      contentType: 'application/pdf',
      headers: { ...DISPOSITION_HEADER, ...METADATA_HEADER },
    },
    ...commonProblems,
    409: { ...stateProblems[409], description: 'The quote awaits an underwriter, or has no current premium', schema: problemSchema },
    429: {
      description: 'The tenant already has its maximum of offers being rendered; ask again after `Retry-After` seconds',
      schema: problemSchema,
      contentType: 'application/problem+json',
    },
    503: {
      description: 'The offer is still being rendered; ask again after `Retry-After` seconds (the render is not repeated)',
      schema: problemSchema,
      contentType: 'application/problem+json',
    },
  },
});
