import { beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../support/dates';
import { call, tokenFor } from '../support/api';
import { calculatedQuote } from '../support/lifecycle';

// API-CONTRACT §6: every POST replays its first answer for the same Idempotency-Key and body,
// including the 204s that carry no body and the offer PDF, which is not JSON.

const BASE = '/api/v1/ledger/sales/policies';
let broker: string;
let underwriter: string;

beforeAll(async () => {
  broker = await tokenFor('acme-broker');
  underwriter = await tokenFor('acme-underwriter');
});

function twice(path: string, token: string, body: unknown, key: string) {
  const options = { token, body, headers: { 'idempotency-key': key } };
  return call(path, options).then(async (first) => ({ first, replay: await call(path, options) }));
}

describe('Idempotency-Key on answers without a JSON body', () => {
  it('decline: the repeated call answers the stored 204, not 409', async () => {
    const id = await calculatedQuote(broker, 'home');
    const body = [{ reason: 'price-too-high' }, { declinedAt: todayIn() }];
    const { first, replay } = await twice(`${BASE}/${id}/decline`, broker, body, `decline-${id}`);
    expect(first.status, first.text).toBe(204);
    expect(replay.status, replay.text).toBe(204);
    expect(replay.text).toBe('');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    // Without the key the same call is a new request, which the declined quote refuses.
    const fresh = await call(`${BASE}/${id}/decline`, { token: broker, body });
    expect(fresh.status).toBe(409);
  });

  it('referral and referral decision: each replays its 204', async () => {
    const id = await calculatedQuote(broker, 'home');
    const referral = await twice(`${BASE}/${id}/referrals`, broker, { comment: 'please look' }, `refer-${id}`);
    expect([referral.first.status, referral.replay.status]).toEqual([204, 204]);
    expect(referral.replay.headers.get('idempotent-replayed')).toBe('true');
    const decision = await twice(`${BASE}/${id}/referrals/decision`, underwriter, { decision: 'approve', comment: 'fine' }, `decide-${id}`);
    expect([decision.first.status, decision.replay.status]).toEqual([204, 204]);
    expect(decision.replay.headers.get('idempotent-replayed')).toBe('true');
  });

  it('the offer PDF: the replay carries the same bytes and file headers', async () => {
    const id = await calculatedQuote(broker, 'home');
    const path = `${BASE}/${id}/generated-documents`;
    const options = { token: broker, headers: { 'idempotency-key': `offer-${id}` }, method: 'POST' };
    const first = await call(path, options);
    const replay = await call(path, options);
    expect(first.status, first.text.slice(0, 300)).toBe(200);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.headers.get('content-type')).toBe('application/pdf');
    expect(replay.headers.get('x-document-metadata')).toBe(first.headers.get('x-document-metadata'));
    expect(replay.text).toBe(first.text);
    expect(first.text.startsWith('%PDF-')).toBe(true);
  });
});
