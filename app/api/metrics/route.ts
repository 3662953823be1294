import { scrape } from '@/lib/metrics/scrape';

export const dynamic = 'force-dynamic';

// Prometheus scrape endpoint of this app process (bearer LEDGER_METRICS_TOKEN; 404 when unset).
export async function GET(request: Request): Promise<Response> {
  const answer = await scrape(request.headers.get('authorization'));
  return new Response(answer.body, {
    status: answer.status,
    headers: { 'content-type': answer.contentType, 'cache-control': 'no-store' },
  });
}
