import { problemResponse } from '@/lib/http/problem';

// The benchmark's ceiling (`npm run bench`): a route of this app that does no work at all, so
// every figure can be read as a share of what Next.js itself serves on this machine. It exists
// only when the bench starts the app with LEDGER_BENCH_ROUTES=1; anywhere else it is a 404.
export const dynamic = 'force-dynamic';

export function GET(request: Request): Response {
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
  return Response.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } });
}
