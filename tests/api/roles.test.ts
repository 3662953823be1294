import { describe, expect, it } from 'vitest';
import { mayAct, type Role } from '@/lib/auth/roles';
import { call, tokenFor } from '../support/api';
import { fillPath, isRecordParam, ledgerEndpoints, pathParams, sampleBody } from '../support/endpoints';
import { calculatedQuote } from '../support/lifecycle';

// API-CONTRACT §1: every operation × every role. A role that may not act is 403 whatever the
// record; a role that may act is never 401/403 (it reaches the handler: 404 for an unknown id).

const CALLERS: { clientId: string; roles: Role[] }[] = [
  { clientId: 'acme-broker', roles: ['broker'] },
  { clientId: 'acme-underwriter', roles: ['underwriter'] },
  { clientId: 'acme-admin', roles: ['admin'] },
  { clientId: 'acme-norole', roles: [] },
];

const UNKNOWN_ID = '00000000-0000-4000-8000-00000000abcd';

describe('role matrix (every endpoint × broker, underwriter, admin, no role)', () => {
  it('the no-role client authenticates but holds no ledger role', async () => {
    const response = await fetch(`${(await import('../support/api')).baseUrl()}/api/v1/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'acme-norole', client_secret: 'acme-norole-secret' }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { scope: string }).scope).toBe('');
  });

  it('allows exactly the roles the endpoint names and answers 403 to the rest', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const caller of CALLERS) {
      const token = await tokenFor(caller.clientId);
      for (const endpoint of ledgerEndpoints()) {
        if (endpoint.roles === 'public') continue;
        const values = Object.fromEntries(pathParams(endpoint).map((name) => [name, isRecordParam(name) ? UNKNOWN_ID : 'home']));
        const path = fillPath(endpoint, values);
        // Creating is the one call that would store something for an allowed role: an empty
        // body reaches the handler (422/400) without doing so.
        const result = await call(path, { method: endpoint.method, token, body: sampleBody(endpoint) });
        checked++;
        const allowed = mayAct(caller.roles, endpoint.roles);
        const hasRecord = pathParams(endpoint).some(isRecordParam);
        const ok = allowed
          ? hasRecord
            ? result.status === 404
            : ![401, 403].includes(result.status) && result.status < 500
          : result.status === 403;
        if (!ok) wrong.push(`${caller.clientId} ${endpoint.operationId}: ${result.status} (allowed: ${allowed})`);
        if (!allowed) expect(result.body.detail).toMatch(/roles/);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBe(CALLERS.length * ledgerEndpoints().filter((endpoint) => endpoint.roles !== 'public').length);
  });

  it('on a real referred quote: brokers may not decide (403, nothing changes); underwriters and admins may', async () => {
    const broker = await tokenFor('acme-broker');
    for (const decider of ['acme-underwriter', 'acme-admin']) {
      const id = await calculatedQuote(broker, 'home');
      const referred = await call(`/api/v1/ledger/sales/policies/${id}/referrals`, { token: broker, body: { comment: 'check please' } });
      expect(referred.status).toBe(204);
      const decision = { decision: 'approve', comment: 'ok' };
      for (const refused of ['acme-broker', 'acme-norole']) {
        const attempt = await call(`/api/v1/ledger/sales/policies/${id}/referrals/decision`, {
          token: await tokenFor(refused),
          body: decision,
        });
        expect(attempt.status, refused).toBe(403);
      }
      const read = await call(`/api/v1/ledger/sales/policies/${id}`, { token: broker });
      expect(read.body[1].meta.status).toBe('in-manual-referral');
      const decided = await call(`/api/v1/ledger/sales/policies/${id}/referrals/decision`, {
        token: await tokenFor(decider),
        body: decision,
      });
      expect(decided.status, decider).toBe(204);
    }
  });

  it('a token with no ledger role cannot read or create anything, even its own tenant’s quotes', async () => {
    const broker = await tokenFor('acme-broker');
    const id = await calculatedQuote(broker, 'pet');
    const token = await tokenFor('acme-norole');
    expect((await call(`/api/v1/ledger/sales/policies/${id}`, { token })).status).toBe(403);
    expect((await call('/api/v1/ledger/sales/policies', { token })).status).toBe(403);
    expect((await call(`/api/v1/ledger/sales/policies/${id}/bind`, { token, body: {} })).status).toBe(403);
    const read = await call(`/api/v1/ledger/sales/policies/${id}`, { token: broker });
    expect(read.body[1].meta.status).toBe('calculated');
  });
});
