// The quote and policy lifecycle as the spec (§3) and API-CONTRACT §3 state it, written out by
// hand for the tests. It is deliberately not derived from lib/ledger/state-machine.ts: the unit
// and API tests compare the implementation with this statement, so a transition added to or
// removed from the code fails them.

export type ExpectedQuoteState =
  'draft' | 'calculated' | 'in-manual-referral' | 'referral-rejected' | 'declined' | 'bound' | 'issuing' | 'issued';

export type ExpectedQuoteAction =
  'update' | 'calculate' | 'refer' | 'approve-referral' | 'reject-referral' | 'decline' | 'bind' | 'issue' | 'copy' | 'download';

/** state → action → next state; an action missing from a state's row is refused (409). */
export const QUOTE_RULES: Record<ExpectedQuoteState, Partial<Record<ExpectedQuoteAction, ExpectedQuoteState>>> = {
  // Rule 1: any data change of a calculated quote needs a new calculation, so update → draft.
  draft: { update: 'draft', calculate: 'calculated', refer: 'in-manual-referral', decline: 'declined', copy: 'draft' },
  calculated: {
    update: 'draft',
    calculate: 'calculated',
    refer: 'in-manual-referral',
    decline: 'declined',
    bind: 'bound',
    copy: 'calculated',
    download: 'calculated',
  },
  // Issuing and confirming are blocked until the review is complete; the underwriter decides.
  'in-manual-referral': {
    'approve-referral': 'calculated',
    'reject-referral': 'referral-rejected',
    decline: 'declined',
    copy: 'in-manual-referral',
  },
  // Final states: nothing changes them; a copy starts a new quote.
  'referral-rejected': { copy: 'referral-rejected' },
  declined: { copy: 'declined' },
  // Rule 2: after bind only the post-bind fields change, and the quote stays bound.
  bound: { update: 'bound', decline: 'declined', issue: 'issuing', copy: 'bound', download: 'bound' },
  issuing: { copy: 'issuing', download: 'issuing' },
  issued: { copy: 'issued', download: 'issued' },
};

export type ExpectedPolicyState = 'active' | 'pending-termination' | 'terminated' | 'expired';
export type ExpectedPolicyAction =
  | 'mta'
  | 'data-change'
  | 'terminate'
  | 'schedule-termination'
  | 'withdraw-termination'
  | 'complete-termination'
  | 'reinstate'
  | 'renew'
  | 'expire';

export const POLICY_RULES: Record<ExpectedPolicyState, Partial<Record<ExpectedPolicyAction, ExpectedPolicyState>>> = {
  active: {
    mta: 'active',
    'data-change': 'active',
    terminate: 'terminated',
    'schedule-termination': 'pending-termination',
    renew: 'active',
    expire: 'expired',
  },
  'pending-termination': {
    mta: 'pending-termination',
    'data-change': 'pending-termination',
    'withdraw-termination': 'active',
    'complete-termination': 'terminated',
  },
  // Within the product's period after the termination date (the link says when).
  terminated: { reinstate: 'active' },
  expired: {},
};
