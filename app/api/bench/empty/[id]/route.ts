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

// proxy.ts does not run on this route (its matcher): the methods it does not take are answered here.
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethodAnswers('/api/bench/empty/{id}');
