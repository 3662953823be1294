import { describe, expect, it } from 'vitest';
import { InvalidState } from '@/lib/errors';
import {
  POLICY_ACTIONS,
  POLICY_STATES,
  POLICY_TRANSITIONS,
  QUOTE_ACTIONS,
  QUOTE_STATES,
  QUOTE_TRANSITIONS,
  allowedPolicyActions,
  allowedQuoteActions,
  nextPolicyState,
  nextQuoteState,
} from './state-machine';

describe('quote transitions', () => {
  for (const state of QUOTE_STATES) {
    for (const action of QUOTE_ACTIONS) {
      const next = QUOTE_TRANSITIONS[action][state];
      it(`${action} from ${state} ${next === undefined ? 'is refused' : `leads to ${next}`}`, () => {
        if (next === undefined) {
          try {
            nextQuoteState(state, action);
            expect.unreachable('the transition should be refused');
          } catch (error) {
            expect(error).toBeInstanceOf(InvalidState);
            expect((error as InvalidState).currentState).toBe(state);
            expect((error as InvalidState).allowedActions).toEqual(allowedQuoteActions(state));
          }
        } else {
          expect(nextQuoteState(state, action)).toBe(next === 'same' ? state : next);
        }
      });
    }
  }

  it('decline and rejection are final: nothing but copy leaves them', () => {
    expect(allowedQuoteActions('declined')).toEqual(['copy']);
    expect(allowedQuoteActions('referral-rejected')).toEqual(['copy']);
  });

  it('only a calculated quote can be bound, only a bound one issued', () => {
    expect(QUOTE_STATES.filter((state) => QUOTE_TRANSITIONS.bind[state])).toEqual(['calculated']);
    expect(QUOTE_STATES.filter((state) => QUOTE_TRANSITIONS.issue[state])).toEqual(['bound']);
  });

  it('every state names only known states as next', () => {
    for (const action of QUOTE_ACTIONS) {
      for (const next of Object.values(QUOTE_TRANSITIONS[action])) {
        expect(next === 'same' || (QUOTE_STATES as readonly string[]).includes(next!)).toBe(true);
      }
    }
  });
});

describe('policy transitions', () => {
  for (const state of POLICY_STATES) {
    for (const action of POLICY_ACTIONS) {
      const next = POLICY_TRANSITIONS[action][state];
      it(`${action} from ${state} ${next === undefined ? 'is refused' : `leads to ${next}`}`, () => {
        if (next === undefined) expect(() => nextPolicyState(state, action)).toThrow(InvalidState);
        else expect(nextPolicyState(state, action)).toBe(next === 'same' ? state : next);
      });
    }
  }

  it('terminated and expired policies allow nothing', () => {
    expect(allowedPolicyActions('terminated')).toEqual([]);
    expect(allowedPolicyActions('expired')).toEqual([]);
  });
});
