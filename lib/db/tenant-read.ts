import { pooledBatch } from './pooled-batch';
import type { SqlStatement } from './prepared-query';
import { tenantReadStatements } from './tenant-sql';

// The hottest reads (a quote, a request's status: every poll) in one round trip on a connection
// of the shared pool, without Prisma's interactive transaction. withTenant costs three (BEGIN with
// the settings, query, COMMIT) plus the transaction manager's own work: side by side
// (`node --import tsx bench/tenant-scope.ts`) this path read several times as many quotes per second.
// Row-level security is the same second lock. The read goes as one batch of two prepared
// statements (./statement-pipeline.ts), which PostgreSQL runs as one implicit transaction ended by
// the batch's Sync: the first makes it read-only and sets the tenant and the role, each local to
// that transaction, the second is the read. Nothing else runs between them on the connection, and
// the settings are gone once it commits. Prepared, PostgreSQL spends half the CPU on a read that it
// spent parsing and planning BEGIN, the settings, the text with its values written in and COMMIT
// (0.09 against 0.18 ms a quote read, `bench/cpu-per-request.ts read`); the app's is unchanged.
//
// Reads that arrive in the same turn of the event loop travel together: the pairs of statements
// of all of them, in order, as one batch on one connection, so a busy process pays one message,
// one wake of a server process and one answer to read for several polls instead of one each.
// Each read's own settings statement comes right before it, so each read runs under its own
// tenant, read-only; PostgreSQL takes a fresh snapshot for every statement of the batch, as it
// would for reads sent apart. A failing statement ends the whole batch (the server skips to its
// Sync), so after a failed batch each read is sent again alone and answers for itself: a read's
// error reaches only its own caller. LEDGER_GATHER_READS=off sends every read alone.

/** At most this many reads share a batch; more in one turn go in several. */
export const GATHERED_READS_MAX = 16;

interface PendingRead {
  statements: SqlStatement[];
  resolve: (rows: Record<string, unknown>[]) => void;
  reject: (error: unknown) => void;
}

// On globalThis: Next.js bundles each route apart, and the reads of all of them gather together.
interface Gathering {
  pending: PendingRead[];
  scheduled: boolean;
  /** Batches sent and the reads they carried in this process (tests read them). */
  sent: { batches: number; reads: number };
}
const globalForReads = globalThis as unknown as { ledgerGatheredReads?: Gathering };
const gathered = (globalForReads.ledgerGatheredReads ??= { pending: [], scheduled: false, sent: { batches: 0, reads: 0 } });
const gathering = process.env.LEDGER_GATHER_READS !== 'off';

/** How many batches this process sent and how many reads they carried. */
export function gatheredReads(): { batches: number; reads: number } {
  return { ...gathered.sent };
}

/** One read in a read-only transaction scoped to the tenant, sent with the others of this turn. */
export async function tenantRead<R extends object>(tenantId: string, text: string, values: readonly string[]): Promise<R[]> {
  const statements = tenantReadStatements(tenantId, text, values);
  if (!gathering) return (await readAlone(statements)) as R[];
  return new Promise<R[]>((resolve, reject) => {
    gathered.pending.push({ statements, resolve: resolve as (rows: Record<string, unknown>[]) => void, reject });
    if (!gathered.scheduled) {
      gathered.scheduled = true;
      setImmediate(sendPending);
    }
  });
}

async function readAlone(statements: readonly SqlStatement[]): Promise<Record<string, unknown>[]> {
  return (await pooledBatch(statements))[1]!.rows;
}

function sendPending(): void {
  gathered.scheduled = false;
  const reads = gathered.pending;
  gathered.pending = [];
  for (let first = 0; first < reads.length; first += GATHERED_READS_MAX) void sendTogether(reads.slice(first, first + GATHERED_READS_MAX));
}

async function sendTogether(reads: PendingRead[]): Promise<void> {
  gathered.sent.batches++;
  gathered.sent.reads += reads.length;
  if (reads.length === 1) {
    readAlone(reads[0]!.statements).then(reads[0]!.resolve, reads[0]!.reject);
    return;
  }
  let results;
  try {
    results = await pooledBatch(reads.flatMap((read) => read.statements));
  } catch {
    for (const read of reads) readAlone(read.statements).then(read.resolve, read.reject);
    return;
  }
  // Each read is two statements, its settings and itself: its rows are the second's.
  reads.forEach((read, index) => read.resolve(results[index * 2 + 1]!.rows));
}
