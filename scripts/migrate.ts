// `npm run migrate`: applies the SQL migrations to DATABASE_URL (production deploy step).
import { migrate } from '@/lib/db/migrate';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set');
  process.exit(1);
}
const { applied } = await migrate(url);
console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Up to date');
