import type { Tx } from '@/lib/db/client';
import { Prisma } from '@/lib/db/generated/client';

// The outbox side of the queue: jobs are rows added in the same transaction as the state
// change they belong to, so both commit or neither does. A trigger NOTIFYs the workers on commit.

export interface EnqueueOptions {
  tenantId?: string;
  /** A second job with the same key is not added while the first exists. */
  dedupeKey?: string;
  runAt?: Date;
  maxAttempts?: number;
}

export async function enqueue(tx: Tx, task: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<void> {
  await tx.$executeRaw(enqueueStatement(task, payload, options));
}

/** enqueue's statement, for a transaction of the other path (lib/db/sql-tx.ts). */
export function enqueueStatement(task: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Prisma.Sql {
  const runAt = options.runAt ?? new Date();
  const maxAttempts = options.maxAttempts ?? 8;
  return Prisma.sql`INSERT INTO "Job" ("task", "payload", "tenantId", "dedupeKey", "runAt", "maxAttempts")
    VALUES (${task}, ${JSON.stringify(payload)}::jsonb, ${options.tenantId ?? null}::uuid, ${options.dedupeKey ?? null}, ${runAt}::timestamptz, ${maxAttempts})
    ON CONFLICT ("dedupeKey") DO NOTHING`;
}

/** The notice publishChange sends, for a caller that sends it within a larger statement. */
export function changeNoticeSql(key: string): Prisma.Sql {
  return Prisma.sql`SELECT pg_notify('ledger_changes', ${key})`;
}

/** Tells waiting long polls (in every process) that `key` changed; delivered when `tx` commits. */
export async function publishChange(tx: Tx, key: string): Promise<void> {
  await tx.$executeRaw(changeNoticeSql(key));
}

/**
 * Moves a tenant's queued (not running) jobs whose dedupe key starts with `keyPrefix` to the head
 * of the queue, for a client that waits on their result. Jobs in back-off run now too.
 */
export async function promoteJobs(tx: Tx, tenantId: string, task: string, keyPrefix: string): Promise<number> {
  return tx.$executeRaw`UPDATE "Job" SET "runAt" = now() - interval '1 hour'
    WHERE "tenantId" = ${tenantId}::uuid AND "task" = ${task} AND starts_with("dedupeKey", ${keyPrefix})
      AND "failedAt" IS NULL AND ("lockedUntil" IS NULL OR "lockedUntil" < now()) AND "runAt" > now() - interval '1 hour'`;
}

/**
 * Gives a tenant's jobs that gave up for good (dedupe key LIKE `keyPattern`) `attemptsLeft` more
 * attempts, due now: for work a client asks for again (a download of a document that failed).
 * Answers how many were put back.
 */
export async function retryFailedJobs(tx: Tx, tenantId: string, task: string, keyPattern: string, attemptsLeft: number): Promise<number> {
  return tx.$executeRaw`UPDATE "Job" SET "failedAt" = NULL, "runAt" = now(), "attempts" = GREATEST("maxAttempts" - ${attemptsLeft}, 0)
    WHERE "tenantId" = ${tenantId}::uuid AND "task" = ${task} AND "dedupeKey" LIKE ${keyPattern} AND "failedAt" IS NOT NULL`;
}
