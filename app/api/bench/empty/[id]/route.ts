import { benchRoutesOff } from '@/lib/http/bench-routes';
import { otherMethodAnswers } from '@/lib/http/unknown-route';

// The empty route with a path parameter, as the ledger's reads have (`/sales/policies/{id}`): what
// Next.js itself charges for matching a dynamic segment, so the bench can show the ceiling a read
// works under. Like ../route.ts, it exists only when the bench starts the app with LEDGER_BENCH_ROUTES=1.
export const dynamic = 'force-dynamic';

export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const off = benchRoutesOff(request);
  if (off) return off;
  const { id } = await context.params;
  return Response.json({ status: 'ok', id }, { headers: { 'cache-control': 'no-store' } });
}

/**
 * The same with a JSON body read, as a calculation has (`POST /sales/policies/{id}/calculate`): a
 * request body reaches a route handler through Next.js's web stream of the request, which a GET
 * never builds, so the empty GET route is not the ceiling of a write.
 */
export async function POST(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const off = benchRoutesOff(request);
  if (off) return off;
  const { id } = await context.params;
  const body = await request.text();
  return Response.json({ status: 'ok', id, bytes: body.length }, { headers: { 'cache-control': 'no-store' } });
}

// proxy.ts does not run on this route (its matcher): the methods it does not take are answered here.
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethodAnswers('/api/bench/empty/{id}');
