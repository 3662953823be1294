import { readClient } from '@/lib/accounts/clients';
import { readClientEndpoint } from '@/lib/api/endpoints/admin';
import { ledgerRoute } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = ledgerRoute(readClientEndpoint, async ({ tenant, params }) => readClient(tenant.id, params.clientId ?? ''));
