import { problemResponse } from './problem';

// The bench's empty routes (app/api/bench) exist only when `npm run bench` starts the app with
// LEDGER_BENCH_ROUTES=1; anywhere else they answer like any unknown route.

/** The 404 the bench routes give outside the bench, or null when the bench asked for them. */
export function benchRoutesOff(request: Request): Response | null {
  if (process.env.LEDGER_BENCH_ROUTES === '1') return null;
  return problemResponse({
    type: '/docs/problems#not-found',
    title: 'Not Found',
    status: 404,
    detail: 'There is no such route',
    instance: new URL(request.url).pathname,
    correlationId: crypto.randomUUID(),
  });
}
