import { hashSecret } from '@/lib/auth/passwords';
import type { Role } from '@/lib/auth/roles';
import { prisma } from './client';

// The demo tenants of API-CONTRACT §1. Seeded only on the embedded database and in tests:
// these secrets are public, so a real deployment (DATABASE_URL set) never gets them.

interface DemoTenant {
  tag: string;
  name: string;
  brandColor: string;
  clients: { clientId: string; secret: string; roles: Role[]; name: string }[];
  users: { email: string; password: string; roles: Role[]; name: string }[];
}

export const DEMO_TENANTS: DemoTenant[] = [
  {
    tag: 'acme',
    name: 'Acme Insurance Brokers',
    brandColor: '#0f766e',
    clients: [
      { clientId: 'acme-broker', secret: 'acme-broker-secret', roles: ['broker'], name: 'Acme broker integration' },
      { clientId: 'acme-underwriter', secret: 'acme-underwriter-secret', roles: ['underwriter'], name: 'Acme underwriting desk' },
      { clientId: 'acme-admin', secret: 'acme-admin-secret', roles: ['admin'], name: 'Acme administration' },
      // Authenticates but holds no ledger role: every ledger call is 403 (the role matrix tests it).
      { clientId: 'acme-norole', secret: 'acme-norole-secret', roles: [], name: 'Acme reporting (no ledger role)' },
    ],
    users: [
      { email: 'broker@acme.test', password: 'broker-password', roles: ['broker'], name: 'Ada Broker' },
      { email: 'underwriter@acme.test', password: 'underwriter-password', roles: ['underwriter'], name: 'Uma Underwriter' },
      { email: 'admin@acme.test', password: 'admin-password', roles: ['admin'], name: 'Alex Admin' },
    ],
  },
  {
    tag: 'globex',
    name: 'Globex Managing General Agency',
    brandColor: '#7c3aed',
    clients: [
      { clientId: 'globex-broker', secret: 'globex-broker-secret', roles: ['broker'], name: 'Globex broker integration' },
      { clientId: 'globex-admin', secret: 'globex-admin-secret', roles: ['admin'], name: 'Globex administration' },
    ],
    users: [{ email: 'broker@globex.test', password: 'broker-password', roles: ['broker'], name: 'Gus Broker' }],
  },
];

/** Idempotent: existing rows are left as they are (and secrets are hashed only for new ones). */
export async function seedDemoTenants(): Promise<void> {
  for (const demo of DEMO_TENANTS) {
    const tenant = await prisma.tenant.upsert({
      where: { tag: demo.tag },
      create: { tag: demo.tag, name: demo.name, brandColor: demo.brandColor },
      update: {},
    });
    for (const client of demo.clients) {
      const exists = await prisma.apiClient.findUnique({ where: { clientId: client.clientId }, select: { id: true } });
      if (exists) continue;
      await prisma.apiClient.create({
        data: {
          tenantId: tenant.id,
          clientId: client.clientId,
          secretHash: await hashSecret(client.secret),
          roles: client.roles,
          name: client.name,
        },
      });
    }
    for (const user of demo.users) {
      const exists = await prisma.user.findUnique({ where: { email: user.email }, select: { id: true } });
      if (exists) continue;
      await prisma.user.create({
        data: { tenantId: tenant.id, email: user.email, passwordHash: await hashSecret(user.password), roles: user.roles, name: user.name },
      });
    }
  }
}
