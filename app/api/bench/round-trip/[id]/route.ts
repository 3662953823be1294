import { benchRoutesOff } from '@/lib/http/bench-routes';
import { otherMethodAnswers } from '@/lib/http/unknown-route';
import { readRoundTrip, writeRoundTrip } from '@/lib/http/bench-floors';

// The floors of a read by id (`GET /sales/policies/{id}`: one prepared statement) and of a
// calculation (`POST /sales/policies/{id}/calculate`: a JSON body and one durable commit). Like
// the empty routes, they exist only when the bench starts the app with LEDGER_BENCH_ROUTES=1.
export const dynamic = 'force-dynamic';

export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  return benchRoutesOff(request) ?? (await readRoundTrip(request, (await context.params).id));
}

export async function POST(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  return benchRoutesOff(request) ?? (await writeRoundTrip(request, (await context.params).id));
}

// proxy.ts does not run on this route (its matcher): the methods it does not take are answered here.
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethodAnswers('/api/bench/round-trip/{id}');
