import { withSystem } from '@/lib/db/tenant';
import { verifySecret } from './passwords';
import { isRole, type Role } from './roles';

export interface AuthenticatedParty {
  subject: string;
  tenantTag: string;
  roles: Role[];
  name: string;
  email?: string;
}

// Lookups by client id or e-mail cross tenants by nature (the tenant is not known yet),
// so they run with the system role and return only what the token needs.

export async function authenticateClient(clientId: string, secret: string): Promise<AuthenticatedParty | null> {
  const client = await withSystem((tx) =>
    tx.apiClient.findUnique({
      where: { clientId },
      select: { clientId: true, secretHash: true, roles: true, name: true, active: true, tenantId: true },
    }),
  );
  const ok = await verifySecret(client?.active ? client.secretHash : undefined, secret);
  if (!ok || !client) return null;
  return {
    subject: `client:${client.clientId}`,
    tenantTag: await tenantTagOf(client.tenantId),
    roles: client.roles.filter(isRole),
    name: client.name,
  };
}

export async function authenticateUser(email: string, password: string): Promise<(AuthenticatedParty & { userId: string }) | null> {
  const user = await withSystem((tx) => tx.user.findUnique({ where: { email: email.trim().toLowerCase() } }));
  const ok = await verifySecret(user?.active ? user.passwordHash : undefined, password);
  if (!ok || !user) return null;
  return {
    userId: user.id,
    subject: `user:${user.id}`,
    tenantTag: await tenantTagOf(user.tenantId),
    roles: user.roles.filter(isRole),
    name: user.name,
    email: user.email,
  };
}

async function tenantTagOf(tenantId: string): Promise<string> {
  const tenant = await withSystem((tx) => tx.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { tag: true } }));
  return tenant.tag;
}
