import { listProductsEndpoint } from '@/lib/api/endpoints/products';
import { ledgerRoute } from '@/lib/http/route';
import { listProducts } from '@/lib/products/registry';

export const dynamic = 'force-dynamic';

export const GET = ledgerRoute(listProductsEndpoint, async ({ language }) => ({ data: listProducts(undefined, language) }));
