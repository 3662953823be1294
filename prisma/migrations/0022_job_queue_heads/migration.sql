-- A fair claim (lib/jobs/claim-sql.ts, claimFairlySql) reads only the fronts of the queue: each
-- tenant's first jobs of a task in the order they are due, and the tenants one index probe each,
-- both along this index. It replaces the (task, tenantId) index, whose columns lead it, so what
-- counted a tenant's jobs of a task (the cap on queued renders) reads this one instead.
CREATE INDEX "Job_task_tenant_due_idx" ON "Job"("task", "tenantId", "runAt", "id");
DROP INDEX "Job_task_tenant_idx";
