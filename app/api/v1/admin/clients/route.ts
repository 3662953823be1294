import { createClient, listClients } from '@/lib/accounts/clients';
import { createClientEndpoint, listClientsEndpoint } from '@/lib/api/endpoints/admin';
import { ledgerRoute } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = ledgerRoute(listClientsEndpoint, async ({ tenant }) => ({ data: await listClients(tenant.id) }));

export const POST = ledgerRoute(createClientEndpoint, async ({ tenant, principal, body }) =>
  Response.json(await createClient(tenant.id, principal.subject, body), { status: 201 }),
);
