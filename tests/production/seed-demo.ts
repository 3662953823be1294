// Tests only: the demo tenants and their known secrets on the production-shape database, so
// that the API tests can sign in. A real deployment never runs this (README: nothing is seeded).
import { prisma } from '@/lib/db/client';
import { seedDemoTenants } from '@/lib/db/seed-demo';

await seedDemoTenants();
await prisma.$disconnect();
