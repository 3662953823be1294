import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AsyncRequestView } from './get-request';
import { keepIfSettled, settledRequestKept } from './settled-requests';

const T0 = Date.parse('2026-11-29T03:00:00Z');
const tenantA = randomUUID();
const tenantB = randomUUID();

function request(status: AsyncRequestView['status']): AsyncRequestView {
  return {
    requestId: randomUUID(),
    type: 'issue',
    status,
    data: status === 'success' ? { policyNumber: 'ACME-HOME-2026-000001' } : null,
    ...(status === 'failed' ? { error: { code: 'issue-failed', message: 'Issuing failed' } } : {}),
    createdAt: '2026-11-29T02:59:59.000Z',
    updatedAt: '2026-11-29T03:00:00.000Z',
  };
}

describe('settled requests kept by the process', () => {
  it('answers a request that succeeded or failed as it was read, under the tenant that read it', () => {
    const succeeded = request('success');
    const failed = request('failed');
    keepIfSettled(tenantA, succeeded, T0);
    keepIfSettled(tenantA, failed, T0);
    expect(settledRequestKept(tenantA, succeeded.requestId, T0 + 1_000)).toEqual(succeeded);
    expect(settledRequestKept(tenantA, failed.requestId, T0 + 1_000)).toEqual(failed);
  });

  it('never answers another tenant with a request one tenant read', () => {
    const succeeded = request('success');
    keepIfSettled(tenantA, succeeded, T0);
    expect(settledRequestKept(tenantB, succeeded.requestId, T0)).toBeUndefined();
  });

  it('does not keep a request still pending: it is read again every time', () => {
    const pending = request('pending');
    keepIfSettled(tenantA, pending, T0);
    expect(settledRequestKept(tenantA, pending.requestId, T0)).toBeUndefined();
  });

  it('reads a kept request again after five minutes', () => {
    const succeeded = request('success');
    keepIfSettled(tenantA, succeeded, T0);
    expect(settledRequestKept(tenantA, succeeded.requestId, T0 + 299_999)).toEqual(succeeded);
    expect(settledRequestKept(tenantA, succeeded.requestId, T0 + 300_000)).toBeUndefined();
    // Gone, not only too old: a fresh clock does not bring it back.
    expect(settledRequestKept(tenantA, succeeded.requestId, T0)).toBeUndefined();
  });

  it('keeps at most 5,000, dropping the least recently read first', () => {
    const first = request('success');
    const second = request('success');
    keepIfSettled(tenantA, first, T0);
    keepIfSettled(tenantA, second, T0);
    expect(settledRequestKept(tenantA, first.requestId, T0)).toBeDefined(); // now `second` is the older
    for (let n = 0; n < 4_999; n++) keepIfSettled(tenantA, request('failed'), T0);
    expect(settledRequestKept(tenantA, first.requestId, T0)).toBeDefined();
    expect(settledRequestKept(tenantA, second.requestId, T0)).toBeUndefined();
  });

  it('hands out an answer nobody can change', () => {
    const succeeded = request('success');
    keepIfSettled(tenantA, succeeded, T0);
    const kept = settledRequestKept(tenantA, succeeded.requestId, T0)!;
    expect(() => Object.assign(kept, { status: 'pending' })).toThrow(TypeError);
  });
});
