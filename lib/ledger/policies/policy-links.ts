import type { Language } from '@/lib/http/language';
import { allowedPolicyActions, POLICY_LINK_KEYS, type PolicyAction, type PolicyState } from '@/lib/ledger/state-machine';
import { LINK_TITLES } from './labels';

// The policy's links (spec 2.2, API-CONTRACT §5): a key present means the action is allowed now.
// The state machine decides the actions; renewal also needs the renewal window to be open, and
// reinstatement its period after the termination date.

const BASE = '/api/v1/ledger/policies';

export interface PolicyLink {
  href: string;
  method: 'GET' | 'POST';
  title: string;
}

const LINKS: Partial<Record<PolicyAction, (id: string) => Omit<PolicyLink, 'title'>>> = {
  mta: (id) => ({ href: `${BASE}/${id}/mta`, method: 'POST' }),
  'data-change': (id) => ({ href: `${BASE}/${id}/data-change`, method: 'POST' }),
  terminate: (id) => ({ href: `${BASE}/${id}/terminate`, method: 'POST' }),
  'withdraw-termination': (id) => ({ href: `${BASE}/${id}/terminate/withdraw`, method: 'POST' }),
  reinstate: (id) => ({ href: `${BASE}/${id}/reinstate`, method: 'POST' }),
  renew: (id) => ({ href: `${BASE}/${id}/renewal`, method: 'GET' }),
};

export function policyLinks(
  id: string,
  state: PolicyState,
  eligible: { renewal: boolean; reinstatement: boolean },
  language: Language,
): Record<string, PolicyLink> {
  const links: Record<string, PolicyLink> = {};
  for (const action of allowedPolicyActions(state)) {
    if (action === 'renew' && !eligible.renewal) continue;
    if (action === 'reinstate' && !eligible.reinstatement) continue;
    const key = POLICY_LINK_KEYS[action];
    const link = LINKS[action];
    if (!key || !link) continue;
    links[key] = { ...link(id), title: LINK_TITLES[language][key] ?? key };
  }
  return links;
}
