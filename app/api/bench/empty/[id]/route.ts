import { problemResponse } from '@/lib/http/problem';

// The empty route with a path parameter, as the ledger's reads have (`/sales/policies/{id}`): what
// Next.js itself charges for matching a dynamic segment, so the bench can show the ceiling a read
// works under. Like ../route.ts, it exists only when the bench starts the app with LEDGER_BENCH_ROUTES=1.
export const dynamic = 'force-dynamic';

export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  if (process.env.LEDGER_BENCH_ROUTES !== '1') {
    return problemResponse({
      type: '/docs/problems#not-found',
      title: 'Not Found',
      status: 404,
      detail: 'There is no such route',
      instance: new URL(request.url).pathname,
      correlationId: crypto.randomUUID(),
    });
  }
  const { id } = await context.params;
  return Response.json({ status: 'ok', id }, { headers: { 'cache-control': 'no-store' } });
}
