import { hashSecret } from '@/lib/auth/passwords';
import { withSystem, withTenant } from '@/lib/db/tenant';
import { Conflict, NotFound, ValidationFailed } from '@/lib/errors';
import { forgetSubject } from '@/lib/auth/revocation';
import { recordAccountEvent } from './audit';
import { newClientSecret } from './secrets';
import { checkClientId, checkName, checkRoles } from './validate';
import { CLIENT_FIELDS, toClientView, type ClientView } from './views';

// API clients of a tenant: create (the secret is answered once and stored as an Argon2 hash),
// rotate with an overlap in which the old and the new secret both work, revoke.

/** Default overlap of a rotation, and its bound: long enough to redeploy an integration. */
export const ROTATION_OVERLAP_SECONDS_DEFAULT = 24 * 60 * 60;
export const ROTATION_OVERLAP_SECONDS_MAX = 7 * 24 * 60 * 60;
const CLIENTS_PAGE_MAX = 500;

export async function listClients(tenantId: string): Promise<ClientView[]> {
  const rows = await withTenant(tenantId, (tx) =>
    tx.apiClient.findMany({ where: { tenantId }, select: CLIENT_FIELDS, orderBy: { createdAt: 'asc' }, take: CLIENTS_PAGE_MAX }),
  );
  return rows.map((row) => toClientView(row));
}

export async function readClient(tenantId: string, clientId: string): Promise<ClientView> {
  const row = await withTenant(tenantId, (tx) => tx.apiClient.findFirst({ where: { tenantId, clientId }, select: CLIENT_FIELDS }));
  if (!row) throw new NotFound('API client', clientId);
  return toClientView(row);
}

/**
 * Creates an API client and answers its secret, the only time it is shown. A client id is
 * unique across tenants (the token endpoint finds the client by it).
 */
export async function createClient(
  tenantId: string,
  actor: string,
  input: { clientId: string; name?: string; roles: readonly string[] },
): Promise<{ client: ClientView; secret: string }> {
  const clientId = checkClientId(input.clientId);
  const roles = checkRoles(input.roles);
  const name = checkName(input.name ?? clientId);
  // The id is global; another tenant's client is hidden by row-level security, so look system-wide.
  const taken = await withSystem((tx) => tx.apiClient.findUnique({ where: { clientId }, select: { tenantId: true } }));
  if (taken) throw new Conflict(`The client id ${clientId} is already taken`);
  const secret = newClientSecret();
  const secretHash = await hashSecret(secret);
  const row = await withTenant(tenantId, async (tx) => {
    const created = await tx.apiClient.create({
      data: { tenantId, clientId, name, roles, secretHash, createdBy: actor },
      select: CLIENT_FIELDS,
    });
    await recordAccountEvent(tx, { tenantId, type: 'api-client.created', actor, after: toClientView(created) });
    return created;
  });
  return { client: toClientView(row), secret };
}

/** A new secret; the old one keeps working for `overlapSeconds` (0: stops at once). */
export async function rotateClientSecret(
  tenantId: string,
  actor: string,
  clientId: string,
  overlapSeconds = ROTATION_OVERLAP_SECONDS_DEFAULT,
): Promise<{ client: ClientView; secret: string; previousSecretValidUntil: string | null }> {
  if (!Number.isInteger(overlapSeconds) || overlapSeconds < 0 || overlapSeconds > ROTATION_OVERLAP_SECONDS_MAX) {
    const message = `The overlap is 0-${ROTATION_OVERLAP_SECONDS_MAX} whole seconds`;
    throw new ValidationFailed(message, [{ path: '/overlapSeconds', message }]);
  }
  const secret = newClientSecret();
  const secretHash = await hashSecret(secret);
  const row = await withTenant(tenantId, async (tx) => {
    const current = await tx.apiClient.findFirst({ where: { tenantId, clientId }, select: { id: true, active: true, secretHash: true } });
    if (!current) throw new NotFound('API client', clientId);
    if (!current.active) throw new Conflict(`The API client ${clientId} is revoked; create a new one`);
    const until = overlapSeconds > 0 ? new Date(Date.now() + overlapSeconds * 1000) : null;
    const updated = await tx.apiClient.update({
      where: { id: current.id },
      data: { secretHash, previousSecretHash: until ? current.secretHash : null, previousSecretUntil: until },
      select: CLIENT_FIELDS,
    });
    await recordAccountEvent(tx, {
      tenantId,
      type: 'api-client.secret-rotated',
      actor,
      data: { clientId, previousSecretValidUntil: until?.toISOString() ?? null },
    });
    return updated;
  });
  return { client: toClientView(row), secret, previousSecretValidUntil: row.previousSecretUntil?.toISOString() ?? null };
}

/**
 * Revokes a client: no new tokens, and its live tokens are refused within the revocation
 * check's bound (lib/auth/revocation.ts). Revoking a revoked client changes nothing.
 */
export async function revokeClient(tenantId: string, actor: string, clientId: string): Promise<ClientView> {
  const row = await withTenant(tenantId, async (tx) => {
    const current = await tx.apiClient.findFirst({ where: { tenantId, clientId }, select: { id: true, active: true } });
    if (!current) throw new NotFound('API client', clientId);
    if (!current.active) return tx.apiClient.findUniqueOrThrow({ where: { id: current.id }, select: CLIENT_FIELDS });
    const updated = await tx.apiClient.update({
      where: { id: current.id },
      data: { active: false, revokedAt: new Date(), previousSecretHash: null, previousSecretUntil: null },
      select: CLIENT_FIELDS,
    });
    await recordAccountEvent(tx, { tenantId, type: 'api-client.revoked', actor, data: { clientId } });
    return updated;
  });
  forgetSubject(`client:${clientId}`);
  return toClientView(row);
}
