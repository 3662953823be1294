import pg from 'pg';
import { withConnection } from './checkout';
import type { SqlStatement } from './prepared-query';
import { sendBatch, type BatchResults } from './statement-pipeline';
import { isTenantId } from './tenant-sql';

// A tenant write whose whole transaction is known before anything is sent (a creation, a
// recalculation from the kept row: the statements and COMMIT as one message, ./tenant-write.ts)
// commits with the others of its tenant that arrive in the same turn of the event loop: one
// transaction, one message, one COMMIT. A busy process then pays one socket write, one wake of a
// server process, one flush of the write-ahead log and one round of notices for several writes
// instead of one each, as a read pays one message with the reads of its turn (./tenant-read.ts).
// All of them commit, or none: a statement that fails (or a COMMIT the server refuses) rolls the
// whole transaction back, and then each write is sent again in a transaction of its own and
// answers for itself, so one write's error reaches only its own caller. Where the server's answer
// was lost with the connection, whether COMMIT ran cannot be known: each caller gets that error,
// as a write alone would. One tenant a transaction: its settings hold for every statement, and a
// transaction takes no other tenant's feed lock (the feed's positions lock per tenant at commit).
// LEDGER_GATHER_WRITES=off commits every write alone.

/** At most this many writes share a transaction; more in one turn go in several. */
export const GATHERED_WRITES_MAX = 16;

export const BEGIN: SqlStatement = { text: 'BEGIN', values: [] };
export const COMMIT: SqlStatement = { text: 'COMMIT', values: [] };

/**
 * The tenant and the role for row-level security, and a timeout (a lock or statement still waiting
 * after 15 s fails the transaction, as withTenant's does), all local to this transaction: one
 * statement for every tenant, the tenant its parameter.
 */
export function tenantSettings(tenantId: string): SqlStatement {
  if (!isTenantId(tenantId)) throw new Error('A tenant id must be a UUID');
  return {
    text: "SELECT set_config('app.tenant_id', $1, true), set_config('role', 'ledger_tenant', true), set_config('statement_timeout', '15s', true)",
    values: [tenantId],
  };
}

/**
 * For a transaction that ends without its commit: a failed statement left it aborted (a failed
 * COMMIT message ran no COMMIT), or its caller gave up. Rolled back, the connection can serve the
 * next caller; if even that fails, or if it may hold a prepared statement it no longer knows of,
 * it is destroyed.
 */
export async function rollBackOrDiscard(client: pg.ClientBase, preparedUnknown: boolean, discard: () => void): Promise<void> {
  if (preparedUnknown || !(await rollBack(client))) discard();
}

/** Whether the connection is fit for the next caller: it rolled back, or had nothing to roll back. */
async function rollBack(client: pg.ClientBase): Promise<boolean> {
  try {
    await client.query('ROLLBACK');
    return true;
  } catch {
    return false;
  }
}

interface PendingWrite {
  statements: readonly SqlStatement[];
  resolve: (results: BatchResults) => void;
  reject: (error: unknown) => void;
}

// On globalThis: Next.js bundles each route apart, and the writes of all of them gather together.
interface Gathering {
  /** The writes of this turn, by tenant. */
  pending: Map<string, PendingWrite[]>;
  scheduled: boolean;
  /** Transactions sent and the writes they carried in this process (tests read them). */
  sent: { transactions: number; writes: number };
}
const globalForWrites = globalThis as unknown as { ledgerGatheredWrites?: Gathering };
const gathered = (globalForWrites.ledgerGatheredWrites ??= { pending: new Map(), scheduled: false, sent: { transactions: 0, writes: 0 } });
const gathering = process.env.LEDGER_GATHER_WRITES !== 'off';

/** How many transactions the gathering sent in this process, alone or together, and the writes they carried. */
export function gatheredWrites(): { transactions: number; writes: number } {
  return { ...gathered.sent };
}

/**
 * Commits the statements as a transaction scoped to the tenant, with the other writes of this
 * turn; answers one result a statement, in order.
 */
export async function commitTenantWrite(tenantId: string, statements: readonly SqlStatement[]): Promise<BatchResults> {
  if (!isTenantId(tenantId)) throw new Error('A tenant id must be a UUID');
  if (!gathering) return commitTransaction(tenantId, statements);
  return new Promise<BatchResults>((resolve, reject) => {
    const writes = gathered.pending.get(tenantId);
    if (writes) writes.push({ statements, resolve, reject });
    else gathered.pending.set(tenantId, [{ statements, resolve, reject }]);
    if (!gathered.scheduled) {
      gathered.scheduled = true;
      setImmediate(sendPending);
    }
  });
}

function sendPending(): void {
  gathered.scheduled = false;
  const byTenant = gathered.pending;
  gathered.pending = new Map();
  for (const [tenantId, writes] of byTenant) {
    for (let first = 0; first < writes.length; first += GATHERED_WRITES_MAX) {
      void commitTogether(tenantId, writes.slice(first, first + GATHERED_WRITES_MAX));
    }
  }
}

async function commitTogether(tenantId: string, writes: PendingWrite[]): Promise<void> {
  gathered.sent.transactions++;
  gathered.sent.writes += writes.length;
  if (writes.length === 1) {
    commitAlone(tenantId, writes[0]!);
    return;
  }
  let results: BatchResults;
  try {
    results = await commitTransaction(
      tenantId,
      writes.flatMap((write) => write.statements),
    );
  } catch (error) {
    if (certainlyNotCommitted(error)) {
      for (const write of writes) commitAlone(tenantId, write);
    } else {
      for (const write of writes) write.reject(error);
    }
    return;
  }
  let first = 0;
  for (const write of writes) {
    write.resolve(results.slice(first, first + write.statements.length));
    first += write.statements.length;
  }
}

/** The write in a transaction of its own, its caller answered by it. */
function commitAlone(tenantId: string, write: PendingWrite): void {
  commitTransaction(tenantId, write.statements).then(write.resolve, write.reject);
}

/** Errors of batches that were never sent: their values could not be made parameters. */
const unsent = new WeakSet<object>();

/**
 * Whether the transaction surely did not commit: it was never sent, or the server answered an error
 * (a failed statement skips the rest of the batch, COMMIT included; a refused COMMIT rolls back).
 * A connection lost, or ended by the server (FATAL), may have lost the answer to a COMMIT that ran.
 */
function certainlyNotCommitted(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  return unsent.has(error) || (error instanceof pg.DatabaseError && error.severity === 'ERROR');
}

/** BEGIN, the tenant's settings, the statements and COMMIT as one message; the statements' results. */
async function commitTransaction(tenantId: string, statements: readonly SqlStatement[]): Promise<BatchResults> {
  return withConnection(async (client, discard) => {
    let batch: ReturnType<typeof sendBatch>;
    try {
      batch = sendBatch(client, [BEGIN, tenantSettings(tenantId), ...statements, COMMIT]);
    } catch (error) {
      if (typeof error === 'object' && error !== null) unsent.add(error);
      throw error;
    }
    try {
      return (await batch.done).slice(2, -1);
    } catch (error) {
      await rollBackOrDiscard(client, batch.preparedUnknown(), discard);
      throw error;
    }
  });
}
