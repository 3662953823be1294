import { Prisma } from '@/lib/db/generated/client';
import { withTenant } from '@/lib/db/tenant';
import { tenantWrite } from '@/lib/db/tenant-write';
import type { ProductData } from '@/lib/documents/ledger/describe';
import { queueDocumentsIn } from '@/lib/documents/queue-documents';
import { publishChange } from '@/lib/jobs/queue';
import type { ClaimedJob } from '@/lib/jobs/worker';
import { PermanentJobFailure } from '@/lib/jobs/worker';
import { createIssueBilling } from '@/lib/ledger/billing/create-issue-billing';
import { recordEvent, recordEventIn } from '@/lib/ledger/events';
import { completeRenewal } from '@/lib/ledger/policies/complete-renewal';
import { formatNumber, nextIssueNumbersSql, policyNumberPrefix } from '@/lib/ledger/sequences';
import type { CalculationResult } from '@/lib/rating/types';
import { lockQuoteIn, quoteState, type QuoteRecord } from './quote-record';

interface IssuePayload {
  policyId: string;
  requestId: string;
  actor: string;
}

/**
 * The issue job: policy number, version 1, invoice, instalments, journal, coverage, and the
 * request's `success`, all in one transaction with the job's completion. Run twice, the
 * second run finds the request settled and does nothing.
 *
 * The policy and invoice numbers are gapless, so each is a counter row locked until this
 * transaction commits, and every issue of the tenant queues behind it. They are drawn last, after
 * the checks, and everything after them is a statement whose rows are not read: on tenantWrite it
 * travels with the job's completion, so the counters are held for two round trips (the numbers,
 * then the writes with the completion) and COMMIT, not for a round trip per write.
 */
export async function issuePolicy(job: ClaimedJob): Promise<void> {
  const { policyId, requestId, actor } = job.payload as unknown as IssuePayload;
  const tenantId = requireTenant(job);
  await tenantWrite(tenantId, async (tx) => {
    const [request] = await tx.query<{ status: string }>(
      Prisma.sql`SELECT "status" FROM "Request" WHERE "id" = ${requestId}::uuid AND "tenantId" = ${tenantId}::uuid`,
    );
    if (!request || request.status !== 'pending') {
      await job.complete(tx);
      return;
    }
    const row = await lockQuoteIn(tx, tenantId, policyId);
    if (quoteState(row) !== 'issuing') throw new PermanentJobFailure('not-issuing', `The quote is ${row.status}, not being issued`);
    const calculation = row.calculation as CalculationResult | null;
    if (!calculation) throw new PermanentJobFailure('not-calculated', 'The quote has no calculation to issue');
    const issuedAt = new Date();
    const year = issuedAt.getUTCFullYear();
    const [numbers] = await tx.query<{ policy: number; invoice: number; tenantTag: string }>(
      nextIssueNumbersSql(tenantId, row.productCode, year),
    );
    if (!numbers) throw new Error('The issue numbers were not drawn');
    const policyNumber = formatNumber(policyNumberPrefix(numbers.tenantTag, row.productCode), year, numbers.policy);
    const invoiceNumber = formatNumber('INV', year, numbers.invoice);
    // A renewal quote becomes the next term of the policy it renews (the old one keeps running to expiry).
    if (
      row.renewalOfId &&
      !(await completeRenewal(tx, { tenantId, previousId: row.renewalOfId, renewalId: policyId, policyNumber, actor }))
    ) {
      throw new PermanentJobFailure('renewal-not-possible', 'The policy this quote renews was terminated or renewed by another quote');
    }
    await tx.execute(Prisma.sql`INSERT INTO "PolicyVersion" ("tenantId", "policyId", "version", "kind", "effectiveFrom", "data", "calculation", "createdBy")
      VALUES (${tenantId}::uuid, ${policyId}::uuid, 1, 'issue', ${row.dateInception}::date, ${JSON.stringify(row.data)}::jsonb,
        ${JSON.stringify(calculation)}::jsonb, ${actor})`);
    const billing = await createIssueBilling(tx, { tenantId, policyId, policyVersion: 1, calculation, actor, invoiceNumber, issuedAt });
    const issued: QuoteRecord = {
      ...row,
      status: 'issued',
      policyStatus: 'active',
      policyNumber,
      currentVersion: 1,
      issuedAt,
      revision: row.revision + 1,
      updatedAt: issuedAt,
    };
    await tx.execute(Prisma.sql`UPDATE "Policy" SET "status" = 'issued', "policyStatus" = 'active', "policyNumber" = ${policyNumber},
        "currentVersion" = 1, "issuedAt" = ${issuedAt}::timestamptz, "revision" = "revision" + 1, "updatedAt" = ${issuedAt}::timestamptz
      WHERE "id" = ${policyId}::uuid AND "tenantId" = ${tenantId}::uuid`);
    const message = `Policy ${policyNumber} issued; cover from ${row.dateInception.toISOString().slice(0, 10)} to ${row.dateExpiry.toISOString().slice(0, 10)}`;
    const result = { policyId, policyNumber, message, invoiceNumber: billing.invoiceNumber };
    await tx.execute(Prisma.sql`UPDATE "Request" SET "status" = 'success', "data" = ${JSON.stringify(result)}::jsonb, "updatedAt" = ${issuedAt}::timestamptz
      WHERE "id" = ${requestId}::uuid AND "tenantId" = ${tenantId}::uuid`);
    await recordEventIn(tx, {
      tenantId,
      policyId,
      type: 'policy.issued',
      actor,
      before: { status: 'issuing' },
      after: { status: 'issued', policyStatus: 'active', policyNumber, version: 1 },
      data: { requestId, invoiceNumber: billing.invoiceNumber },
      policy: issued,
      wake: [`request:${requestId}`, `policy:${policyId}`],
    });
    await queueDocumentsIn(
      tx,
      { tenantId, policyId, occasion: 'issue', policyVersion: 1, invoiceId: billing.invoiceId },
      { reference: policyNumber, data: row.data as unknown as ProductData },
    );
    await job.complete(tx);
  });
}

/** After the last attempt: the request fails with a reason and the quote is bound again, nothing half-written. */
export async function issuePolicyGaveUp(job: ClaimedJob, error: unknown): Promise<void> {
  const { policyId, requestId, actor } = job.payload as unknown as IssuePayload;
  const tenantId = requireTenant(job);
  const failure =
    error instanceof PermanentJobFailure
      ? { code: error.code, message: error.message }
      : { code: 'issue-failed', message: 'Issuing failed after several attempts; the quote is bound again and can be issued anew' };
  await withTenant(tenantId, async (tx) => {
    const request = await tx.request.findFirst({ where: { id: requestId, tenantId } });
    if (!request || request.status !== 'pending') return;
    await tx.request.update({ where: { id: requestId }, data: { status: 'failed', error: failure } });
    const row = await tx.policy.findFirst({ where: { id: policyId, tenantId } });
    if (row?.status === 'issuing') {
      await tx.policy.update({ where: { id: policyId }, data: { status: 'bound', revision: { increment: 1 } } });
    }
    await recordEvent(tx, {
      tenantId,
      policyId,
      type: 'policy.issue-failed',
      actor,
      before: { status: row?.status },
      after: { status: row?.status === 'issuing' ? 'bound' : row?.status },
      data: { requestId, error: failure },
    });
    await publishChange(tx, `request:${requestId}`);
    await publishChange(tx, `policy:${policyId}`);
  });
}

function requireTenant(job: ClaimedJob): string {
  if (!job.tenantId) throw new PermanentJobFailure('no-tenant', 'The job names no tenant');
  return job.tenantId;
}
