import { productSchemaEndpoint } from '@/lib/api/endpoints/products';
import { ledgerRoute } from '@/lib/http/route';
import { getProduct } from '@/lib/products/registry';

export const GET = ledgerRoute(productSchemaEndpoint, async ({ params }) =>
  Response.json(getProduct(params.code ?? '').schema, {
    headers: { 'content-type': 'application/schema+json', 'cache-control': 'private, max-age=300' },
  }),
);
