import { defineConfig } from 'prisma/config';

// The CLI (migrate) reads the URL here; at run time the pg driver adapter in lib/db gets it.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/ledger' },
});
