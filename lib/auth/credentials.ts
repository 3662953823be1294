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

/** `lastUsedAt` is written at most this often per client, so a busy integration is not a write per token. */
const LAST_USED_RESOLUTION_MS = 60_000;

export async function authenticateClient(clientId: string, secret: string): Promise<AuthenticatedParty | null> {
  const client = await withSystem((tx) =>
    tx.apiClient.findUnique({
      where: { clientId },
      select: {
        id: true,
        clientId: true,
        secretHash: true,
        previousSecretHash: true,
        previousSecretUntil: true,
        lastUsedAt: true,
        roles: true,
        name: true,
        active: true,
        tenantId: true,
      },
    }),
  );
  let ok = await verifySecret(client?.active ? client.secretHash : undefined, secret);
  // During a rotation's overlap the secret before it still works.
  const overlapUntil = client?.previousSecretUntil?.getTime() ?? 0;
  if (!ok && client?.active && client.previousSecretHash && overlapUntil > Date.now()) {
    ok = await verifySecret(client.previousSecretHash, secret);
  }
  if (!ok || !client) return null;
  if (!client.lastUsedAt || Date.now() - client.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await withSystem((tx) => tx.apiClient.update({ where: { id: client.id }, data: { lastUsedAt: new Date() } }));
  }
  return {
    subject: `client:${client.clientId}`,
    tenantTag: await tenantTagOf(client.tenantId),
    roles: client.roles.filter(isRole),
    name: client.name,
  };
}

export async function authenticateUser(email: string, password: string): Promise<(AuthenticatedParty & { userId: string }) | null> {
  const user = await withSystem((tx) => tx.user.findUnique({ where: { email: email.trim().toLowerCase() } }));
  const ok = await verifySecret(user?.active ? (user.passwordHash ?? undefined) : undefined, password);
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
