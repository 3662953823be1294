import { openApiDocument } from '@/lib/api/openapi';

export const dynamic = 'force-dynamic';

// Public: integrators read the contract before they have credentials.
export function GET(): Response {
  return Response.json(openApiDocument(), { headers: { 'cache-control': 'public, max-age=60' } });
}
