import { InvalidState } from '@/lib/errors';

// The lifecycle as data: one table of state × action → next state. The handlers, the
// actions/links answers and the tests all read this table; nothing else decides.

export const QUOTE_STATES = [
  'draft',
  'calculated',
  'in-manual-referral',
  'referral-rejected',
  'declined',
  'bound',
  'issuing',
  'issued',
] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

export const POLICY_STATES = ['active', 'pending-termination', 'terminated', 'expired'] as const;
export type PolicyState = (typeof POLICY_STATES)[number];

export const QUOTE_ACTIONS = [
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
] as const;
export type QuoteAction = (typeof QUOTE_ACTIONS)[number];

export const POLICY_ACTIONS = [
  'mta',
  'data-change',
  'terminate',
  'schedule-termination',
  'withdraw-termination',
  'complete-termination',
  'reinstate',
  'renew',
  'expire',
] as const;
export type PolicyAction = (typeof POLICY_ACTIONS)[number];

/** `same` keeps the state (an update of a bound quote stays bound). */
type Next<S> = S | 'same';

export const QUOTE_TRANSITIONS: Readonly<Record<QuoteAction, Partial<Record<QuoteState, Next<QuoteState>>>>> = {
  // A rating-relevant change returns a calculated quote to draft (recalculation is mandatory);
  // after bind only the configured post-bind fields may change, and the quote stays bound.
  update: { draft: 'draft', calculated: 'draft', bound: 'same' },
  // Calculation may also end in in-manual-referral when an auto-referral rule fires.
  calculate: { draft: 'calculated', calculated: 'calculated' },
  refer: { draft: 'in-manual-referral', calculated: 'in-manual-referral' },
  'approve-referral': { 'in-manual-referral': 'calculated' },
  'reject-referral': { 'in-manual-referral': 'referral-rejected' },
  decline: { draft: 'declined', calculated: 'declined', 'in-manual-referral': 'declined', bound: 'declined' },
  bind: { calculated: 'bound' },
  issue: { bound: 'issuing' },
  copy: {
    draft: 'same',
    calculated: 'same',
    'in-manual-referral': 'same',
    'referral-rejected': 'same',
    declined: 'same',
    bound: 'same',
    issuing: 'same',
    issued: 'same',
  },
  download: { calculated: 'same', bound: 'same', issuing: 'same', issued: 'same' },
};

export const POLICY_TRANSITIONS: Readonly<Record<PolicyAction, Partial<Record<PolicyState, Next<PolicyState>>>>> = {
  // While a termination waits for its date, cover runs: changes dated before it remain possible.
  mta: { active: 'active', 'pending-termination': 'same' },
  'data-change': { active: 'active', 'pending-termination': 'same' },
  // Effective today or earlier: terminated now; in the future: pending until the date (DOMAIN.md §5).
  terminate: { active: 'terminated' },
  'schedule-termination': { active: 'pending-termination' },
  'withdraw-termination': { 'pending-termination': 'active' },
  // The daily job, on the effective date.
  'complete-termination': { 'pending-termination': 'terminated' },
  // Within the product's period after the termination date, while the term runs (issue 16).
  reinstate: { terminated: 'active' },
  renew: { active: 'active' },
  expire: { active: 'expired' },
};

/** The spec's action keys, announced by the actions call when the action is allowed. */
export const QUOTE_ACTION_KEYS: Partial<Record<QuoteAction, string>> = {
  download: 'quote:download',
  update: 'quote:update',
  copy: 'quote:copy',
  calculate: 'quote:calculate',
  issue: 'quote:issue',
};

export const POLICY_LINK_KEYS: Partial<Record<PolicyAction, string>> = {
  mta: 'policy:mta',
  terminate: 'policy:terminate',
  'withdraw-termination': 'policy:withdraw-termination',
  'data-change': 'policy:data-change',
  reinstate: 'policy:reinstate',
  renew: 'policy:renew',
};

/**
 * One vocabulary for what a caller may do next (API-CONTRACT §5): the key of each action a caller
 * can invoke, as the actions call, the links and the `allowedActions` of a 409 all name it. Both
 * referral outcomes are one call (`quote:referral-decision`).
 */
export const QUOTE_KEYS: Readonly<Record<QuoteAction, string>> = {
  ...QUOTE_ACTION_KEYS,
  update: 'quote:update',
  calculate: 'quote:calculate',
  refer: 'quote:refer',
  'approve-referral': 'quote:referral-decision',
  'reject-referral': 'quote:referral-decision',
  decline: 'quote:decline',
  bind: 'quote:bind',
  issue: 'quote:issue',
  copy: 'quote:copy',
  download: 'quote:download',
};

/** Policy actions a caller can invoke; expiry and completing a termination are the daily job's. */
export const POLICY_KEYS: Readonly<Partial<Record<PolicyAction, string>>> = {
  ...POLICY_LINK_KEYS,
  // A future-dated termination is the same call as an immediate one.
  'schedule-termination': 'policy:terminate',
};

const unique = (keys: readonly (string | undefined)[]): string[] => [...new Set(keys.filter((key): key is string => key !== undefined))];

export function quoteActionKeys(actions: readonly QuoteAction[]): string[] {
  return unique(actions.map((action) => QUOTE_KEYS[action]));
}

export function policyActionKeys(actions: readonly PolicyAction[]): string[] {
  return unique(actions.map((action) => POLICY_KEYS[action]));
}

export function allowedQuoteActions(state: QuoteState): QuoteAction[] {
  return QUOTE_ACTIONS.filter((action) => QUOTE_TRANSITIONS[action][state] !== undefined);
}

export function allowedPolicyActions(state: PolicyState): PolicyAction[] {
  return POLICY_ACTIONS.filter((action) => POLICY_TRANSITIONS[action][state] !== undefined);
}

/** The next state, or a 409 naming the current state and what is allowed in it. */
export function nextQuoteState(state: QuoteState, action: QuoteAction): QuoteState {
  const next = QUOTE_TRANSITIONS[action][state];
  if (next === undefined) {
    throw new InvalidState(`Cannot ${action} a quote in state ${state}`, state, quoteActionKeys(allowedQuoteActions(state)));
  }
  return next === 'same' ? state : next;
}

export function nextPolicyState(state: PolicyState, action: PolicyAction): PolicyState {
  const next = POLICY_TRANSITIONS[action][state];
  if (next === undefined) {
    throw new InvalidState(`Cannot ${action} a policy in state ${state}`, state, policyActionKeys(allowedPolicyActions(state)));
  }
  return next === 'same' ? state : next;
}

export function isQuoteState(value: string): value is QuoteState {
  return (QUOTE_STATES as readonly string[]).includes(value);
}

export function isPolicyState(value: string): value is PolicyState {
  return (POLICY_STATES as readonly string[]).includes(value);
}
