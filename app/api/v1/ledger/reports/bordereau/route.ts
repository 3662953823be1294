import { bordereauEndpoint } from '@/lib/api/endpoints/reports';
import { withTenant } from '@/lib/db/tenant';
import { ledgerRoute } from '@/lib/http/route';
import { premiumBordereau } from '@/lib/ledger/reports/bordereau';
import { bordereauCsv } from '@/lib/ledger/reports/bordereau-csv';

export const dynamic = 'force-dynamic';

export const GET = ledgerRoute(bordereauEndpoint, async ({ tenant, query, request }) => {
  const bordereau = await withTenant(tenant.id, (tx) => premiumBordereau(tx, { tenantId: tenant.id, month: query.month }));
  const csv = query.format === 'csv' || (query.format === undefined && (request.headers.get('accept') ?? '').includes('text/csv'));
  if (!csv) return Response.json({ data: bordereau });
  return new Response(bordereauCsv(bordereau), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="bordereau-${bordereau.kind}-${bordereau.month}.csv"`,
    },
  });
});
