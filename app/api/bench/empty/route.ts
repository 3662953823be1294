import { benchRoutesOff } from '@/lib/http/bench-routes';
import { otherMethodAnswers } from '@/lib/http/unknown-route';

// The benchmark's ceiling (`npm run bench`): a route of this app that does no work at all, so
// every figure can be read as a share of what Next.js itself serves on this machine. It exists
// only when the bench starts the app with LEDGER_BENCH_ROUTES=1; anywhere else it is a 404.
export const dynamic = 'force-dynamic';

export function GET(request: Request): Response {
  return benchRoutesOff(request) ?? Response.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } });
}

// proxy.ts does not run on this route (its matcher): the methods it does not take are answered here.
export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethodAnswers('/api/bench/empty');
