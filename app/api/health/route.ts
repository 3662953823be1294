import { prisma } from '@/lib/db/client';

export const dynamic = 'force-dynamic';

// For load balancers: 200 when the database answers, 503 when it does not.
export async function GET(): Promise<Response> {
  try {
    await prisma.$queryRaw`SELECT 1`;
    return Response.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } });
  } catch {
    return Response.json(
      { status: 'unavailable', detail: 'database unreachable' },
      { status: 503, headers: { 'cache-control': 'no-store' } },
    );
  }
}
