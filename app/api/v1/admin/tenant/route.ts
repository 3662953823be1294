import { readTenant, updateTenant } from '@/lib/accounts/tenants';
import { readTenantEndpoint, updateTenantEndpoint } from '@/lib/api/endpoints/admin';
import { ledgerRoute } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = ledgerRoute(readTenantEndpoint, async ({ tenant }) => readTenant(tenant.id));

export const PATCH = ledgerRoute(updateTenantEndpoint, async ({ tenant, principal, body }) =>
  updateTenant(tenant.id, principal.subject, body),
);
