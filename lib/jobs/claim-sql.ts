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

/**
 * Task names and row limits are written into the statement rather than sent as parameters: a
 * worker's task names never change and its limit is one of a few numbers, so it prepares a few
 * statements and PostgreSQL keeps one plan for each. Sent as parameters (how long is the list? how
 * many rows?) they made the generic plan look so costly that PostgreSQL planned every claim afresh,
 * which cost the fair claim more than running it (docs/benchmark-log.md, "A fair claim that reads
 * the fronts of the queues"). Task names are the code's own; the quoting is for safety all the same.
 */
function textArray(values: readonly string[]): Prisma.Sql {
  return Prisma.raw(`ARRAY[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}]::text[]`);
}

function rowLimit(rows: number): Prisma.Sql {
  if (!Number.isSafeInteger(rows) || rows < 1) throw new RangeError(`a claim's row limit must be a positive integer, not ${rows}`);
  return Prisma.raw(String(rows));
}

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
  return Prisma.sql`, CASE WHEN ${job}."task" = ANY(${textArray(together.tasks)}) THEN ${job}."task" || ' ' || ${job}."tenantId"::text
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
  return Prisma.sql`AND ("task" = ANY(${textArray(urgentTasks)}) OR "runAt" <= now() - make_interval(secs => ${deferYoungerThanMs / 1000}))`;
}

const CLAIMED_COLUMNS = Prisma.sql`"id", "task", "payload", "tenantId"::text AS "tenantId", "attempts", "maxAttempts"`;

/** The oldest due jobs first. */
export function claimOldestSql({ workerId, leaseMs, taskNames, limit, deferYoungerThanMs, takenTogether }: ClaimInput): Prisma.Sql {
  return Prisma.sql`WITH ${CLAIM_COMMITS_WITHOUT_FLUSH},
    picked AS MATERIALIZED (
      SELECT "id", "runAt" ${groupColumn(takenTogether, '"Job"')} FROM "Job"
      WHERE "failedAt" IS NULL AND "runAt" <= now() AND ("lockedUntil" IS NULL OR "lockedUntil" < now())
        AND "task" = ANY(${textArray(taskNames)}) ${deferredCondition(deferYoungerThanMs, [])} ${runningCondition(takenTogether)}
      ORDER BY "runAt", "id" LIMIT ${rowLimit(limit)} FOR UPDATE SKIP LOCKED)
    UPDATE "Job" SET "lockedBy" = ${workerId}, "lockedUntil" = now() + make_interval(secs => ${leaseMs / 1000}), "attempts" = "attempts" + 1
    FROM no_flush
    WHERE "id" IN (${chosenOf(takenTogether)})
    RETURNING ${CLAIMED_COLUMNS}`;
}

/**
 * How many of a tenant's jobs of a task a fair claim counts as running, at most: see claimFairlySql.
 * More than the documents lane's slots on any number of workers a deployment would run.
 */
const RUNNING_COUNTED_MAX = 64;

/**
 * Across tenants in turn. A job's turn: its place in its tenant's queue (urgent jobs first) plus the
 * jobs of that tenant running now; then urgent before background; then the tenant this worker
 * served least recently (never served: first).
 *
 * A claim reads only the fronts of the tenants' queues, so its cost does not grow with the queue
 * (a backlog of renders after a busy hour is the documents lane's normal state, and ranking all of
 * it cost a claim 40 ms at 10,000 jobs: docs/benchmark-log.md, "A fair claim that reads the fronts
 * of the queues"). The tenants are found by a loose scan of the (task, tenantId, runAt, id) index,
 * one probe a tenant; a tenant's queue of a task is read along the same index in the order due.
 * - Only each queue's first `limit` ready jobs are ranked: one further back has at least `limit`
 *   of its own tenant's ahead of it, so it could not be among the `limit` claimed.
 * - A tenant's running jobs are counted among the first RUNNING_COUNTED_MAX + `limit` of each of
 *   its queues: claims take jobs from the front, so that is where the running ones are. Counting
 *   them through an index of the leases would make every claim's update of the lease write every
 *   index of the table (no heap-only update), which cost the general lane more than it saved here.
 */
export function claimFairlySql(input: ClaimInput & { urgentTasks: readonly string[]; leastRecentFirst: readonly string[] }): Prisma.Sql {
  const { workerId, leaseMs, limit } = input;
  const lane = textArray(input.taskNames);
  const urgent = textArray(input.urgentTasks);
  // The due time is a bound of the index's range, reckoned from the task of the queue read: a
  // condition on each row would read every young job while the host is busy.
  const dueBy = (task: Prisma.Sql) =>
    input.deferYoungerThanMs === undefined
      ? Prisma.sql`now()`
      : Prisma.sql`CASE WHEN ${task} = ANY(${urgent}) THEN now() ELSE now() - make_interval(secs => ${input.deferYoungerThanMs / 1000}) END`;
  /** The first `rows` jobs of each queue, tenant by tenant and then those of no tenant, that `read` selects. */
  const eachQueue = (read: (queue: Prisma.Sql) => Prisma.Sql, rows: number) => Prisma.sql`
      SELECT queue.* FROM tenants CROSS JOIN LATERAL (${read(Prisma.raw('tenants'))}
        AND "tenantId" = tenants."tenantId" ORDER BY "runAt", "id" LIMIT ${rowLimit(rows)}) AS queue
      UNION ALL
      SELECT queue.* FROM unnest(${lane}) AS lane("task") CROSS JOIN LATERAL (${read(Prisma.raw('lane'))}
        AND "tenantId" IS NULL ORDER BY "runAt", "id" LIMIT ${rowLimit(rows)}) AS queue`;
  const head = (queue: Prisma.Sql) => Prisma.sql`SELECT "id", "tenantId", "runAt", "task" = ANY(${urgent}) AS "urgent" FROM "Job"
        WHERE "task" = ${queue}."task" AND "failedAt" IS NULL AND "runAt" <= ${dueBy(Prisma.sql`${queue}."task"`)}
          AND ("lockedUntil" IS NULL OR "lockedUntil" < now()) ${runningCondition(input.takenTogether)}`;
  const front = (queue: Prisma.Sql) => Prisma.sql`SELECT "tenantId", "lockedUntil" FROM "Job"
        WHERE "task" = ${queue}."task" AND "failedAt" IS NULL AND "runAt" <= now()`;
  return Prisma.sql`WITH RECURSIVE ${CLAIM_COMMITS_WITHOUT_FLUSH},
    tenants AS (
      SELECT lane."task", first."tenantId" FROM unnest(${lane}) AS lane("task")
      CROSS JOIN LATERAL (SELECT "tenantId" FROM "Job" WHERE "task" = lane."task" AND "tenantId" IS NOT NULL
        ORDER BY "tenantId" LIMIT 1) AS first
      UNION ALL
      SELECT tenants."task", next."tenantId" FROM tenants
      CROSS JOIN LATERAL (SELECT "tenantId" FROM "Job" WHERE "task" = tenants."task" AND "tenantId" > tenants."tenantId"
        ORDER BY "tenantId" LIMIT 1) AS next),
    ready AS (
      SELECT "id", "tenantId", "runAt", "urgent",
        row_number() OVER (PARTITION BY "tenantId" ORDER BY "urgent" DESC, "runAt", "id") AS "place"
      FROM (${eachQueue(head, limit)}) AS heads),
    running AS (
      SELECT "tenantId", count(*) AS "jobs" FROM (${eachQueue(front, limit + RUNNING_COUNTED_MAX)}) AS fronts
      WHERE "lockedUntil" >= now()
      GROUP BY "tenantId"),
    picked AS MATERIALIZED (
      SELECT j."id", j."runAt" ${groupColumn(input.takenTogether, 'j')} FROM "Job" j
      JOIN ready ON ready."id" = j."id"
      LEFT JOIN running ON running."tenantId" IS NOT DISTINCT FROM ready."tenantId"
      -- The heads' rows by their keys: the planner cannot tell how few tenants the loose scan finds,
      -- and joined by hash it would read the whole table.
      WHERE j."id" = ANY(ARRAY(SELECT "id" FROM ready))
      ORDER BY ready."place" + coalesce(running."jobs", 0), ready."urgent" DESC,
        coalesce(array_position(${[...input.leastRecentFirst]}::uuid[], ready."tenantId"), 0), ready."runAt", ready."id"
      LIMIT ${rowLimit(limit)} FOR UPDATE OF j SKIP LOCKED)
    UPDATE "Job" SET "lockedBy" = ${workerId}, "lockedUntil" = now() + make_interval(secs => ${leaseMs / 1000}), "attempts" = "attempts" + 1
    FROM no_flush
    WHERE "id" IN (${chosenOf(input.takenTogether)})
    RETURNING ${CLAIMED_COLUMNS}`;
}
