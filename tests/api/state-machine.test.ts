import { beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../support/dates';
import { call, tokenFor } from '../support/api';
import { boundQuote, calculatedQuote, issuePolicy } from '../support/lifecycle';
import {
  EXPECTED_QUOTE_KEYS,
  QUOTE_RULES,
  expectedKeys,
  type ExpectedQuoteAction as QuoteAction,
  type ExpectedQuoteState as QuoteState,
} from '../support/lifecycle-rules';

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON bodies */

// The state machine over HTTP against the rules written out by hand in
// tests/support/lifecycle-rules.ts (never the implementation's table): from every stable state,
// every action either works and leads to the stated next state, or is 409 naming the state and
// exactly the actions the rules allow.

const BASE = '/api/v1/ledger/sales/policies';
let broker: string;
let underwriter: string;

beforeAll(async () => {
  broker = await tokenFor('acme-broker');
  underwriter = await tokenFor('acme-underwriter');
});

type Reach = () => Promise<string>;

const reach: Partial<Record<QuoteState, Reach>> = {
  calculated: () => calculatedQuote(broker, 'travel'),
  'in-manual-referral': async () => {
    const id = await calculatedQuote(broker, 'travel');
    expect((await call(`${BASE}/${id}/referrals`, { token: broker, body: { comment: 'Please check' } })).status).toBe(204);
    return id;
  },
  'referral-rejected': async () => {
    const id = await reach['in-manual-referral']!();
    expect(
      (await call(`${BASE}/${id}/referrals/decision`, { token: underwriter, body: { decision: 'reject', comment: 'No' } })).status,
    ).toBe(204);
    return id;
  },
  declined: async () => {
    const id = await calculatedQuote(broker, 'travel');
    expect((await call(`${BASE}/${id}/decline`, { token: broker, body: [{ reason: 'other' }, { declinedAt: todayIn() }] })).status).toBe(
      204,
    );
    return id;
  },
  bound: () => boundQuote(broker, 'travel'),
  issued: async () => (await issuePolicy(broker, 'travel')).id,
};

// Each action as one HTTP call; `update` touches a field that stays editable after bind.
const perform: Partial<Record<QuoteAction, (id: string) => Promise<{ status: number; body: any }>>> = {
  update: (id) => call(`${BASE}/${id}/`, { method: 'PUT', token: broker, body: { customer: { phone: '+44 20 7946 0999' } } }),
  calculate: (id) => call(`${BASE}/${id}/calculate`, { token: broker, body: {} }),
  refer: (id) => call(`${BASE}/${id}/referrals`, { token: broker, body: { comment: 'Check' } }),
  'approve-referral': (id) =>
    call(`${BASE}/${id}/referrals/decision`, { token: underwriter, body: { decision: 'approve', comment: 'Fine' } }),
  'reject-referral': (id) => call(`${BASE}/${id}/referrals/decision`, { token: underwriter, body: { decision: 'reject', comment: 'No' } }),
  decline: (id) => call(`${BASE}/${id}/decline`, { token: broker, body: [{ reason: 'other' }, { declinedAt: todayIn() }] }),
  bind: (id) => call(`${BASE}/${id}/bind`, { token: broker, body: {} }),
  issue: (id) => call(`${BASE}/${id}/issue`, { token: broker, body: {} }),
  copy: (id) => call(`${BASE}/${id}/copy`, { token: broker, body: {} }),
};

describe('every action from every stable state follows the transition table', () => {
  for (const [state, reachState] of Object.entries(reach) as [QuoteState, Reach][]) {
    it(`from ${state}`, async () => {
      for (const [action, run] of Object.entries(perform) as [QuoteAction, (id: string) => Promise<{ status: number; body: any }>][]) {
        const id = await reachState();
        const result = await run(id);
        const next = QUOTE_RULES[state][action];
        if (next !== undefined) {
          expect(result.status, `${action} from ${state}: ${JSON.stringify(result.body)}`).toBeLessThan(300);
          const read = await call(`${BASE}/${id}`, { token: broker });
          expect(read.status).toBe(200);
          // Issue hands over to the worker, which may already have issued the policy. The update
          // here changes the phone, which is not rating-relevant, so a calculated quote stays
          // calculated (a rating change returns it to draft: tests/api/quotes.test.ts).
          const reached =
            next === 'issuing' ? ['issuing', 'issued'] : action === 'update' && state === 'calculated' ? ['calculated'] : [next];
          expect(reached, `${action} from ${state}`).toContain(read.body[1].meta.status);
        } else {
          expect(result.status, `${action} from ${state}`).toBe(409);
          expect(result.body.currentState).toBe(state);
          // One vocabulary: the 409 names the allowed actions by the keys the links use.
          expect([...result.body.allowedActions].sort()).toEqual(
            expectedKeys(Object.keys(QUOTE_RULES[state]) as QuoteAction[], EXPECTED_QUOTE_KEYS),
          );
        }
      }
    });
  }
});
