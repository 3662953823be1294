import { instalmentScheduleEndpoint } from '@/lib/api/endpoints/quotes';
import { withTenant } from '@/lib/db/tenant';
import { requireUuid } from '@/lib/http/params';
import { ledgerRoute } from '@/lib/http/route';
import { instalmentSchedule } from '@/lib/ledger/quotes/instalment-schedule';

export const dynamic = 'force-dynamic';

export const GET = ledgerRoute(instalmentScheduleEndpoint, async ({ tenant, params, query }) => {
  const id = requireUuid(params.id, 'Quote');
  return withTenant(tenant.id, (tx) => instalmentSchedule(tx, tenant.id, id, query.plan));
});
