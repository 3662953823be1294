// The benchmark's ceiling (`npm run bench`): a route of this app that does no work at all, so
// every figure can be read as a share of what Next.js itself serves on this machine.
export const dynamic = 'force-dynamic';

export function GET(): Response {
  return Response.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } });
}
