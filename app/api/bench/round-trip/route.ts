import { benchRoutesOff } from '@/lib/http/bench-routes';
import { otherMethodAnswers } from '@/lib/http/unknown-route';
import { writeRoundTrip } from '@/lib/http/bench-floors';

// The floor of a creation (`POST /sales/policies/create`): a JSON body and one durable commit.
// Like the empty routes, it exists only when the bench starts the app with LEDGER_BENCH_ROUTES=1.
export const dynamic = 'force-dynamic';

export async function POST(request: Request): Promise<Response> {
  return benchRoutesOff(request) ?? (await writeRoundTrip(request));
}

// proxy.ts does not run on this route (its matcher): the methods it does not take are answered here.
export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethodAnswers('/api/bench/round-trip');
