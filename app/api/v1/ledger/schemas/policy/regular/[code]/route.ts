import { productSchemaEndpoint } from '@/lib/api/endpoints/products';
import { ledgerRoute } from '@/lib/http/route';
import { getProduct } from '@/lib/products/registry';
import { servedSchema } from '@/lib/products/served-schema';

export const dynamic = 'force-dynamic';

export const GET = ledgerRoute(productSchemaEndpoint, async ({ params }) =>
  Response.json(servedSchema(getProduct(params.code ?? '')), {
    headers: { 'content-type': 'application/schema+json', 'cache-control': 'private, max-age=300' },
  }),
);
