import { readiness } from '@/lib/http/readiness';

export const dynamic = 'force-dynamic';

// Readiness for load balancers: 200 when this process should get traffic, else 503 with the failed checks.
export async function GET(): Promise<Response> {
  const answer = await readiness();
  // Not ready: the balancer's connection is closed after the answer, so that a process shutting
  // down is not held open by a health checker's keep-alive connection.
  const headers: Record<string, string> = { 'cache-control': 'no-store' };
  if (!answer.ready) headers.connection = 'close';
  return Response.json(answer, { status: answer.ready ? 200 : 503, headers });
}
