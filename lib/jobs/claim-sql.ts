import { Prisma } from '@/lib/db/generated/client';

// The statements a worker claims jobs with: FOR UPDATE SKIP LOCKED, so workers never wait on each
// other, and a lease that the worker's heartbeat extends while the handler runs.

/**
 * A claim's commit does not wait for the disk (synchronous_commit off for its own transaction,
 * joined into the claim's UPDATE so that it is set before the commit). A claim lost in a crash
 * of PostgreSQL is a job nobody has finished, which is claimed again, as after a lost lease; the
 * job's own transaction stays durable, and its flush carries the claim's record with it.
 */
const CLAIM_COMMITS_WITHOUT_FLUSH = Prisma.sql`no_flush AS (SELECT set_config('synchronous_commit', 'off', true))`;

export interface ClaimInput {
  workerId: string;
  leaseMs: number;
  /** The tasks this worker runs: other lanes' jobs stay for their own workers. */
  taskNames: readonly string[];
  limit: number;
  /**
   * While the host is busy: only jobs a client waits for (`urgentTasks`, or promoted by
   * `promoteJobs`, whose due time it puts an hour back) and jobs due at least this long ago.
   */
  deferYoungerThanMs?: number;
  /** Tasks whose jobs for one tenant are done together (TaskDefinition.takesAlong); see takenTogether below. */
  takenTogether?: TakenTogether;
}

export interface TakenTogether {
  /** The tasks of this worker that take jobs along. */
  tasks: readonly string[];
  /** The task and tenant of each such job this worker runs now. */
  running: readonly { task: string; tenantId: string }[];
}

/**
 * Jobs of a task that takes jobs along (lib/jobs/worker.ts, TaskDefinition.takesAlong) are worked
 * off a tenant at a time: none is claimed for a tenant while this worker runs one of that tenant's,
 * and a claim takes only the oldest of a tenant's. The job claimed takes the others along in its own
 * transaction; left unclaimed meanwhile, they are the ones it takes.
 */
function runningCondition(together: TakenTogether | undefined): Prisma.Sql {
  if (!together || together.running.length === 0) return Prisma.empty;
  return Prisma.sql`AND NOT EXISTS (
    SELECT 1 FROM unnest(${together.running.map((job) => job.task)}::text[], ${together.running.map((job) => job.tenantId)}::uuid[])
      AS busy("task", "tenantId")
    WHERE busy."task" = "Job"."task" AND busy."tenantId" = "Job"."tenantId")`;
}

/** A locked job's group (`picked."group"`): its task and tenant for a task that takes jobs along, else the job alone. */
function groupColumn(together: TakenTogether | undefined, table: string): Prisma.Sql {
  if (!together || together.tasks.length === 0) return Prisma.empty;
  const job = Prisma.raw(table);
  return Prisma.sql`, CASE WHEN ${job}."task" = ANY(${[...together.tasks]}::text[]) THEN ${job}."task" || ' ' || ${job}."tenantId"::text
      ELSE ${job}."id"::text END AS "group"`;
}

/** The jobs a claim takes of those it locked (`picked`): all, or only the oldest of a group. */
function chosenOf(together: TakenTogether | undefined): Prisma.Sql {
  if (!together || together.tasks.length === 0) return Prisma.sql`SELECT "id" FROM picked`;
  return Prisma.sql`SELECT DISTINCT ON ("group") "id" FROM picked ORDER BY "group", "runAt", "id"`;
}

/** The condition that leaves the young background jobs for later, when the claim defers them. */
function deferredCondition(deferYoungerThanMs: number | undefined, urgentTasks: readonly string[]): Prisma.Sql {
  if (deferYoungerThanMs === undefined) return Prisma.empty;
  return Prisma.sql`AND ("task" = ANY(${[...urgentTasks]}::text[]) OR "runAt" <= now() - make_interval(secs => ${deferYoungerThanMs / 1000}))`;
}

const CLAIMED_COLUMNS = Prisma.sql`"id", "task", "payload", "tenantId"::text AS "tenantId", "attempts", "maxAttempts"`;

/** The oldest due jobs first. */
export function claimOldestSql({ workerId, leaseMs, taskNames, limit, deferYoungerThanMs, takenTogether }: ClaimInput): Prisma.Sql {
  return Prisma.sql`WITH ${CLAIM_COMMITS_WITHOUT_FLUSH},
    picked AS MATERIALIZED (
      SELECT "id", "runAt" ${groupColumn(takenTogether, '"Job"')} FROM "Job"
      WHERE "failedAt" IS NULL AND "runAt" <= now() AND ("lockedUntil" IS NULL OR "lockedUntil" < now())
        AND "task" = ANY(${[...taskNames]}::text[]) ${deferredCondition(deferYoungerThanMs, [])} ${runningCondition(takenTogether)}
      ORDER BY "runAt", "id" LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    UPDATE "Job" SET "lockedBy" = ${workerId}, "lockedUntil" = now() + make_interval(secs => ${leaseMs / 1000}), "attempts" = "attempts" + 1
    FROM no_flush
    WHERE "id" IN (${chosenOf(takenTogether)})
    RETURNING ${CLAIMED_COLUMNS}`;
}

/**
 * Across tenants in turn. A job's turn: its place in its tenant's queue (urgent jobs first) plus the
 * jobs of that tenant running now; then urgent before background; then the tenant this worker
 * served least recently (never served: first).
 */
export function claimFairlySql(input: ClaimInput & { urgentTasks: readonly string[]; leastRecentFirst: readonly string[] }): Prisma.Sql {
  const { workerId, leaseMs, limit } = input;
  const taskNames = [...input.taskNames];
  const urgentTasks = [...input.urgentTasks];
  return Prisma.sql`WITH ${CLAIM_COMMITS_WITHOUT_FLUSH},
    ready AS (
      SELECT "id", "tenantId", "runAt", "task" = ANY(${urgentTasks}::text[]) AS "urgent",
        row_number() OVER (PARTITION BY "tenantId" ORDER BY "task" = ANY(${urgentTasks}::text[]) DESC, "runAt", "id") AS "place"
      FROM "Job"
      WHERE "failedAt" IS NULL AND "runAt" <= now() AND ("lockedUntil" IS NULL OR "lockedUntil" < now())
        AND "task" = ANY(${taskNames}::text[]) ${deferredCondition(input.deferYoungerThanMs, urgentTasks)} ${runningCondition(input.takenTogether)}),
    running AS (
      SELECT "tenantId", count(*) AS "jobs" FROM "Job"
      WHERE "lockedUntil" >= now() AND "failedAt" IS NULL AND "task" = ANY(${taskNames}::text[])
      GROUP BY "tenantId"),
    picked AS MATERIALIZED (
      SELECT j."id", j."runAt" ${groupColumn(input.takenTogether, 'j')} FROM "Job" j
      JOIN ready ON ready."id" = j."id"
      LEFT JOIN running ON running."tenantId" IS NOT DISTINCT FROM ready."tenantId"
      ORDER BY ready."place" + coalesce(running."jobs", 0), ready."urgent" DESC,
        coalesce(array_position(${[...input.leastRecentFirst]}::uuid[], ready."tenantId"), 0), ready."runAt", ready."id"
      LIMIT ${limit} FOR UPDATE OF j SKIP LOCKED)
    UPDATE "Job" SET "lockedBy" = ${workerId}, "lockedUntil" = now() + make_interval(secs => ${leaseMs / 1000}), "attempts" = "attempts" + 1
    FROM no_flush
    WHERE "id" IN (${chosenOf(input.takenTogether)})
    RETURNING ${CLAIMED_COLUMNS}`;
}
