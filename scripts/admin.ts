// `npm run admin -- ...`: creates tenants, API clients and users, rotates and revokes, from the
// command line (lib/accounts/command.ts has the commands). With DATABASE_URL it works on that
// database (migrated with `npm run migrate`); without it, on the embedded database of
// `npm start` (running or not: a stopped one is started for the command and stopped after).
import { userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { embeddedDatabaseUrl, startEmbeddedPostgres, type EmbeddedDatabase } from '@/lib/db/embedded';
import { migrate } from '@/lib/db/migrate';
import { USAGE } from '@/lib/accounts/usage';

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false; // not running: the command starts it
  }
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv.includes('--help')) {
    console.log(USAGE);
    return argv.length === 0 ? 2 : 0;
  }
  let embedded: EmbeddedDatabase | undefined;
  if (!process.env.DATABASE_URL) {
    const port = Number(process.env.EMBEDDED_PG_PORT ?? 5433);
    const url = embeddedDatabaseUrl(port);
    if (!(await reachable(url))) {
      embedded = await startEmbeddedPostgres({ dataDir: path.join(process.cwd(), '.data', 'postgres'), port, persistent: true });
    }
    await migrate(url);
    process.env.DATABASE_URL = url;
  }
  try {
    // Imported only now: the Prisma client reads DATABASE_URL when it is created.
    const { runCommand, refusal, UsageError } = await import('@/lib/accounts/command');
    const { DomainError } = await import('@/lib/errors');
    const { prisma } = await import('@/lib/db/client');
    const json = argv.includes('--json');
    const actor = `operator:${userInfo().username}`;
    const siteUrl = process.env.NEXTAUTH_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
    try {
      const result = await runCommand(argv, actor, siteUrl);
      console.log(json ? JSON.stringify(result.json, null, 2) : result.lines.join('\n'));
      return 0;
    } catch (error) {
      if (error instanceof UsageError) {
        console.error(`${error.message}\n\n${USAGE}`);
        return 2;
      }
      if (error instanceof DomainError) {
        console.error(`Refused: ${refusal(error)}`);
        return 1;
      }
      throw error;
    } finally {
      await prisma.$disconnect();
    }
  } finally {
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`Failed: ${message}`);
    if (/relation .* does not exist/i.test(message)) console.error('Is the database migrated? Run `npm run migrate` first.');
    process.exit(3);
  },
);
