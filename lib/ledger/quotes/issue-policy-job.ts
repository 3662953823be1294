import { withTenant } from '@/lib/db/tenant';
import { sqlOf } from '@/lib/db/sql-tx';
import { queueDocuments } from '@/lib/documents/queue-documents';
import { publishChange } from '@/lib/jobs/queue';
import type { ClaimedJob } from '@/lib/jobs/worker';
import { PermanentJobFailure } from '@/lib/jobs/worker';
import { createIssueBilling } from '@/lib/ledger/billing/create-issue-billing';
import { recordEvent } from '@/lib/ledger/events';
import { completeRenewal } from '@/lib/ledger/policies/complete-renewal';
import { nextPolicyNumber } from '@/lib/ledger/sequences';
import type { CalculationResult } from '@/lib/rating/types';
import { lockQuote, quoteState } from './quote-record';
import { asJson } from './rate-quote';

interface IssuePayload {
  policyId: string;
  requestId: string;
  actor: string;
}

/**
 * The issue job: policy number, version 1, invoice, instalments, journal, coverage, and the
 * request's `success`, all in one transaction with the job's completion. Run twice, the
 * second run finds the request settled and does nothing.
 */
export async function issuePolicy(job: ClaimedJob): Promise<void> {
  const { policyId, requestId, actor } = job.payload as unknown as IssuePayload;
  const tenantId = requireTenant(job);
  await withTenant(tenantId, async (tx) => {
    const request = await tx.request.findFirst({ where: { id: requestId, tenantId } });
    if (!request || request.status !== 'pending') {
      await job.complete(sqlOf(tx));
      return;
    }
    const row = await lockQuote(tx, tenantId, policyId);
    if (quoteState(row) !== 'issuing') throw new PermanentJobFailure('not-issuing', `The quote is ${row.status}, not being issued`);
    const calculation = row.calculation as CalculationResult | null;
    if (!calculation) throw new PermanentJobFailure('not-calculated', 'The quote has no calculation to issue');
    const tenant = await tx.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { tag: true } });
    const issuedAt = new Date();
    const policyNumber = await nextPolicyNumber(tx, tenantId, tenant.tag, row.productCode, issuedAt.getUTCFullYear());
    // A renewal quote becomes the next term of the policy it renews (the old one keeps running to expiry).
    if (
      row.renewalOfId &&
      !(await completeRenewal(tx, { tenantId, previousId: row.renewalOfId, renewalId: policyId, policyNumber, actor }))
    ) {
      throw new PermanentJobFailure('renewal-not-possible', 'The policy this quote renews was terminated or renewed by another quote');
    }
    await tx.policyVersion.create({
      data: {
        tenantId,
        policyId,
        version: 1,
        kind: 'issue',
        effectiveFrom: row.dateInception,
        data: asJson(row.data),
        calculation: asJson(calculation),
        createdBy: actor,
      },
    });
    const billing = await createIssueBilling(tx, { tenantId, policyId, policyVersion: 1, calculation, actor });
    const issued = await tx.policy.update({
      where: { id: policyId },
      data: { status: 'issued', policyStatus: 'active', policyNumber, currentVersion: 1, issuedAt, revision: { increment: 1 } },
    });
    const message = `Policy ${policyNumber} issued; cover from ${row.dateInception.toISOString().slice(0, 10)} to ${row.dateExpiry.toISOString().slice(0, 10)}`;
    await tx.request.update({
      where: { id: requestId },
      data: { status: 'success', data: { policyId, policyNumber, message, invoiceNumber: billing.invoiceNumber } },
    });
    await recordEvent(tx, {
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
    await queueDocuments(tx, { tenantId, policyId, occasion: 'issue', policyVersion: 1, invoiceId: billing.invoiceId });
    await job.complete(sqlOf(tx));
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
