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

/**
 * The one key vocabulary (API-CONTRACT §5) in which a 409's `allowedActions`, the actions call and
 * the links name an action; both referral outcomes are one call. The daily job's actions (expire,
 * complete a termination) are no caller's and have no key.
 */
export const EXPECTED_QUOTE_KEYS: Record<ExpectedQuoteAction, string> = {
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

export const EXPECTED_POLICY_KEYS: Partial<Record<ExpectedPolicyAction, string>> = {
  mta: 'policy:mta',
  'data-change': 'policy:data-change',
  terminate: 'policy:terminate',
  'schedule-termination': 'policy:terminate',
  'withdraw-termination': 'policy:withdraw-termination',
  renew: 'policy:renew',
  reinstate: 'policy:reinstate',
};

/** The distinct keys of the actions a state allows, sorted. */
export function expectedKeys<A extends string>(actions: readonly A[], keys: Partial<Record<A, string>>): string[] {
  return [...new Set(actions.flatMap((action) => (keys[action] ? [keys[action]] : [])))].sort();
}
