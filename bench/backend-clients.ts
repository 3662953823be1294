import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type pg from 'pg';
import type { RunningStack } from '../scripts/stack';

// Which process each PostgreSQL backend serves, for the tools that split the server's work by
// client (bench/pg-by-client.ts, bench/switches-by-process.ts). The embedded server is reached over
// a Unix socket, so a backend and its client are the two ends of one: `ss -xpn` (iproute2) names
// both ends' processes.

/** Each backend's client process, from the two ends of every Unix socket (`ss -xpn`). */
function clientOfBackends(): Map<number, number> {
  const ownerOf = new Map<string, number>();
  const peerOf = new Map<string, string>();
  for (const line of execFileSync('ss', ['-xpn'], { encoding: 'utf8' }).split('\n')) {
    const match = /\s(\d+)\s+\S+\s+(\d+)\s+users:\(\("[^"]*",pid=(\d+)/.exec(line);
    // A socket held by several processes is one they inherited (the server's standard streams,
    // shared by every backend it forks), never a client's connection: pairing it would name the
    // process that started the server as the client of whichever backend ss lists first.
    if (!match || line.includes('),(')) continue;
    ownerOf.set(match[1]!, Number(match[3]));
    peerOf.set(match[1]!, match[2]!);
  }
  const clients = new Map<number, number>();
  for (const [inode, owner] of ownerOf) {
    const peer = ownerOf.get(peerOf.get(inode)!);
    if (peer !== undefined && peer !== owner) clients.set(owner, peer);
  }
  return clients;
}

/**
 * The fields of `/proc/<pid>/stat` after the command (which may hold spaces and parentheses), so
 * that index 0 is the state (field 3), 1 the parent (field 4), 7 the minor faults (field 10).
 * Throws once the process has ended.
 */
export function procStatFields(pid: number | string): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

function parentOf(pid: number): number | undefined {
  try {
    return Number(procStatFields(pid)[1]);
  } catch {
    return undefined;
  }
}

/** The stack's process `pid` is, or descends from: the app, a worker lane, or this bench process. */
export function stackRoleOf(stack: RunningStack, pid: number | undefined): string | undefined {
  for (let at = pid, depth = 0; at !== undefined && at > 1 && depth < 6; at = parentOf(at), depth++) {
    if (at === stack.app.pid) return 'app';
    if (at === process.pid) return 'bench (load generator)';
    for (const lane of ['general', 'documents', 'webhooks', 'all'] as const) {
      if (stack.workersIn(lane).some((worker) => worker.pid === at)) return `${lane} worker`;
    }
  }
  return undefined;
}

/**
 * Names each PostgreSQL process as it is now: a helper by its kind (walwriter, checkpointer, …), a
 * client backend by the process it serves, and whether it is that process's LISTEN connection.
 */
export async function postgresProcessNames(stack: RunningStack, db: pg.Client): Promise<(pid: number) => string> {
  const clients = clientOfBackends();
  const activity = await db.query<{ pid: number; backend_type: string; query: string }>(
    `SELECT pid, backend_type, query FROM pg_stat_activity`,
  );
  const kindOf = new Map(activity.rows.map((row) => [row.pid, row]));
  return (pid) => {
    const backend = kindOf.get(pid);
    if (backend && backend.backend_type !== 'client backend') return backend.backend_type;
    const client = clients.get(pid);
    if (client === undefined) return '(no client: the server itself, or a connection that ended)';
    const listens = /^\s*LISTEN/i.test(backend?.query ?? '') ? ', its LISTEN connection' : '';
    return `${stackRoleOf(stack, client) ?? `process ${client}`}${listens}`;
  };
}
