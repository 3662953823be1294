import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

// A PostgreSQL server from the operating system's packages (Debian's `postgresql`), in a temp
// directory on a free port, set up the way the README tells operators: a login role that owns
// the database and nothing more, and the request role `ledger_tenant` created for it.

export interface PostgresServer {
  /** The application's connection string (role `ledger`, no superuser, no CREATEROLE). */
  appUrl: string;
  stop(): Promise<void>;
  /** Synchronous stop, for an exit handler. */
  stopNow(): void;
}

/** The newest installed server's bin directory, or POSTGRES_BIN_DIR. */
export function postgresBinDir(): string {
  if (process.env.POSTGRES_BIN_DIR) return process.env.POSTGRES_BIN_DIR;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(path.join(root, name, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error('no PostgreSQL server under /usr/lib/postgresql: apt-get install postgresql (.ci/run does it)');
  return path.join(root, versions[0], 'bin');
}

/** PostgreSQL refuses to run as root: as root, run its tools as the `postgres` user. */
function asServerUser(): { prefix: string[]; uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return { prefix: [] };
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { prefix: ['runuser', '-u', 'postgres', '--'], uid, gid };
}

function run(prefix: string[], command: string, args: string[]): void {
  const [file, ...rest] = [...prefix, command, ...args];
  const result = spawnSync(file!, rest, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`);
}

export async function startPostgresServer(port: number): Promise<PostgresServer> {
  const bin = postgresBinDir();
  const user = asServerUser();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ledger-pg-'));
  chmodSync(dir, 0o755);
  if (user.uid !== undefined && user.gid !== undefined) chownSync(dir, user.uid, user.gid);
  const dataDir = path.join(dir, 'data');
  const superPassword = randomBytes(18).toString('base64url');
  const appPassword = randomBytes(18).toString('base64url');
  const pwfile = path.join(dir, 'pwfile');
  writeFileSync(pwfile, `${superPassword}\n`, { mode: 0o600 });
  if (user.uid !== undefined && user.gid !== undefined) chownSync(pwfile, user.uid, user.gid);

  run(user.prefix, path.join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    `--pwfile=${pwfile}`,
    '-A',
    'scram-sha-256',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
  ]);
  rmSync(pwfile);
  run(user.prefix, path.join(bin, 'pg_ctl'), [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'server.log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    '-w',
    'start',
  ]);
  const stopNow = () => {
    if (!existsSync(dataDir)) return;
    run(user.prefix, path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  };
  const stop = async () => {
    if (!existsSync(dataDir)) return;
    run(user.prefix, path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const admin = new pg.Client({ connectionString: `postgresql://postgres:${superPassword}@127.0.0.1:${port}/postgres` });
    await admin.connect();
    try {
      // The rights the README names: a login role that owns the database (so its public
      // schema), and membership with ADMIN OPTION in ledger_tenant, which is made for it.
      await admin.query(`CREATE ROLE ledger LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS PASSWORD '${appPassword}'`);
      await admin.query('CREATE ROLE ledger_tenant NOLOGIN NOSUPERUSER NOBYPASSRLS');
      await admin.query('GRANT ledger_tenant TO ledger WITH ADMIN OPTION');
      await admin.query('CREATE DATABASE ledger OWNER ledger');
    } finally {
      await admin.end();
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { appUrl: `postgresql://ledger:${appPassword}@127.0.0.1:${port}/ledger`, stop, stopNow };
}
