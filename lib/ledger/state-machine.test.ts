import { describe, expect, it } from 'vitest';
import { InvalidState } from '@/lib/errors';
import {
  EXPECTED_POLICY_KEYS,
  EXPECTED_QUOTE_KEYS,
  POLICY_RULES,
  QUOTE_RULES,
  expectedKeys,
  type ExpectedPolicyAction,
  type ExpectedPolicyState,
  type ExpectedQuoteAction,
  type ExpectedQuoteState,
} from '@/tests/support/lifecycle-rules';
import {
  POLICY_ACTIONS,
  POLICY_LINK_KEYS,
  POLICY_STATES,
  QUOTE_ACTION_KEYS,
  QUOTE_ACTIONS,
  QUOTE_STATES,
  allowedPolicyActions,
  allowedQuoteActions,
  isPolicyState,
  isQuoteState,
  nextPolicyState,
  nextQuoteState,
} from './state-machine';

// The implementation against the rules written out by hand in tests/support/lifecycle-rules.ts
// (spec §3, API-CONTRACT §3): every state × action, the allowed lists and the refusals.

const ALL_QUOTE_ACTIONS = [
  'update',
  'calculate',
  'refer',
  'approve-referral',
  'reject-referral',
  'decline',
  'bind',
  'issue',
  'copy',
  'download',
];
const ALL_POLICY_ACTIONS = [
  'mta',
  'data-change',
  'terminate',
  'schedule-termination',
  'withdraw-termination',
  'complete-termination',
  'reinstate',
  'renew',
  'expire',
];

describe('quote lifecycle', () => {
  it('knows exactly the states and actions of the contract', () => {
    expect([...QUOTE_STATES].sort()).toEqual(Object.keys(QUOTE_RULES).sort());
    expect([...QUOTE_ACTIONS].sort()).toEqual([...ALL_QUOTE_ACTIONS].sort());
  });

  for (const state of Object.keys(QUOTE_RULES) as ExpectedQuoteState[]) {
    const rules = QUOTE_RULES[state];
    it(`from ${state}: ${Object.keys(rules).join(', ')} allowed, the rest refused with 409 details`, () => {
      expect([...allowedQuoteActions(state)].sort()).toEqual(Object.keys(rules).sort());
      for (const action of QUOTE_ACTIONS) {
        const expected = rules[action];
        if (expected !== undefined) {
          expect(nextQuoteState(state, action), `${action} from ${state}`).toBe(expected);
          continue;
        }
        let refusal: unknown;
        try {
          nextQuoteState(state, action);
        } catch (error) {
          refusal = error;
        }
        expect(refusal, `${action} from ${state} should be refused`).toBeInstanceOf(InvalidState);
        const invalid = refusal as InvalidState;
        expect(invalid.message).toBe(`Cannot ${action} a quote in state ${state}`);
        expect(invalid.currentState).toBe(state);
        expect([...invalid.allowedActions].sort()).toEqual(expectedKeys(Object.keys(rules) as ExpectedQuoteAction[], EXPECTED_QUOTE_KEYS));
      }
    });
  }

  it('announces the spec’s action keys', () => {
    expect(QUOTE_ACTION_KEYS).toEqual({
      download: 'quote:download',
      update: 'quote:update',
      copy: 'quote:copy',
      calculate: 'quote:calculate',
      issue: 'quote:issue',
    });
  });

  it('recognises quote states by name', () => {
    expect(isQuoteState('bound')).toBe(true);
    expect(isQuoteState('active')).toBe(false);
    expect(isQuoteState('')).toBe(false);
  });
});

describe('policy lifecycle', () => {
  it('knows exactly the states and actions of the contract', () => {
    expect([...POLICY_STATES].sort()).toEqual(Object.keys(POLICY_RULES).sort());
    expect([...POLICY_ACTIONS].sort()).toEqual([...ALL_POLICY_ACTIONS].sort());
  });

  for (const state of Object.keys(POLICY_RULES) as ExpectedPolicyState[]) {
    const rules = POLICY_RULES[state];
    it(`from ${state}: ${Object.keys(rules).join(', ') || 'nothing'} allowed`, () => {
      expect([...allowedPolicyActions(state)].sort()).toEqual(Object.keys(rules).sort());
      for (const action of POLICY_ACTIONS) {
        const expected = rules[action];
        if (expected !== undefined) {
          expect(nextPolicyState(state, action), `${action} from ${state}`).toBe(expected);
          continue;
        }
        let refusal: unknown;
        try {
          nextPolicyState(state, action);
        } catch (error) {
          refusal = error;
        }
        expect(refusal, `${action} from ${state} should be refused`).toBeInstanceOf(InvalidState);
        const invalid = refusal as InvalidState;
        expect(invalid.message).toBe(`Cannot ${action} a policy in state ${state}`);
        expect(invalid.currentState).toBe(state);
        expect([...invalid.allowedActions].sort()).toEqual(
          expectedKeys(Object.keys(rules) as ExpectedPolicyAction[], EXPECTED_POLICY_KEYS),
        );
      }
    });
  }

  it('announces the spec’s link keys', () => {
    expect(POLICY_LINK_KEYS).toEqual({
      mta: 'policy:mta',
      terminate: 'policy:terminate',
      'withdraw-termination': 'policy:withdraw-termination',
      'data-change': 'policy:data-change',
      reinstate: 'policy:reinstate',
      renew: 'policy:renew',
    });
  });

  it('recognises policy states by name', () => {
    expect(isPolicyState('terminated')).toBe(true);
    expect(isPolicyState('issued')).toBe(false);
  });
});
