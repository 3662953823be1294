import { prisma } from '@/lib/db/client';
import { withTenant } from '@/lib/db/tenant';
import { Conflict, NotFound } from '@/lib/errors';
import { forgetTenant } from '@/lib/tenants/lookup';
import { recordAccountEvent } from './audit';
import { checkBrandColor, checkName, checkTenantTag } from './validate';

// Tenants: created by the operator (command line), named and coloured by their own admin.

export interface TenantView {
  tag: string;
  name: string;
  brandColor: string;
  createdAt: string;
}

const FIELDS = { id: true, tag: true, name: true, brandColor: true, createdAt: true } as const;

function view(row: { tag: string; name: string; brandColor: string; createdAt: Date }): TenantView {
  return { tag: row.tag, name: row.name, brandColor: row.brandColor, createdAt: row.createdAt.toISOString() };
}

/**
 * Creates a tenant. Idempotent: the same tag with the same name answers the existing tenant
 * (`created: false`); the same tag with another name is a conflict.
 */
export async function createTenant(
  actor: string,
  input: { tag: string; name: string; brandColor?: string },
): Promise<{ tenant: TenantView; created: boolean }> {
  const tag = checkTenantTag(input.tag);
  const name = checkName(input.name);
  const brandColor = input.brandColor === undefined ? undefined : checkBrandColor(input.brandColor);
  const existing = await prisma.tenant.findUnique({ where: { tag }, select: FIELDS });
  if (existing) {
    if (existing.name !== name) throw new Conflict(`Tenant ${tag} already exists with the name "${existing.name}"`);
    return { tenant: view(existing), created: false };
  }
  const row = await prisma.tenant.create({ data: { tag, name, ...(brandColor ? { brandColor } : {}) }, select: FIELDS });
  await withTenant(row.id, (tx) => recordAccountEvent(tx, { tenantId: row.id, type: 'tenant.created', actor, after: view(row) }));
  forgetTenant(tag);
  return { tenant: view(row), created: true };
}

export async function readTenant(tenantId: string): Promise<TenantView> {
  const row = await prisma.tenant.findUnique({ where: { id: tenantId }, select: FIELDS });
  if (!row) throw new NotFound('Tenant', tenantId);
  return view(row);
}

export async function updateTenant(tenantId: string, actor: string, input: { name?: string; brandColor?: string }): Promise<TenantView> {
  const data = {
    ...(input.name === undefined ? {} : { name: checkName(input.name) }),
    ...(input.brandColor === undefined ? {} : { brandColor: checkBrandColor(input.brandColor) }),
  };
  return withTenant(tenantId, async (tx) => {
    const before = await tx.tenant.findUnique({ where: { id: tenantId }, select: FIELDS });
    if (!before) throw new NotFound('Tenant', tenantId);
    const after = await tx.tenant.update({ where: { id: tenantId }, data, select: FIELDS });
    await recordAccountEvent(tx, { tenantId, type: 'tenant.updated', actor, before: view(before), after: view(after) });
    forgetTenant(after.tag);
    return view(after);
  });
}

export async function tenantIdOf(tag: string): Promise<string> {
  const row = await prisma.tenant.findUnique({ where: { tag }, select: { id: true } });
  if (!row) throw new NotFound('Tenant', tag);
  return row.id;
}
