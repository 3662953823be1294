import type { Language } from '@/lib/http/language';
import type { PolicyState } from '@/lib/ledger/state-machine';

// Labels of the policy answer in the languages Accept-Language may pick (en, de).

export const POLICY_STATUS_LABELS: Record<Language, Record<PolicyState, string>> = {
  en: { active: 'Active', 'pending-termination': 'Termination pending', terminated: 'Terminated', expired: 'Expired' },
  de: { active: 'Aktiv', 'pending-termination': 'Kündigung vorgemerkt', terminated: 'Gekündigt', expired: 'Abgelaufen' },
};

export const LINK_TITLES: Record<Language, Record<string, string>> = {
  en: {
    'policy:mta': 'Mid-term adjustment',
    'policy:terminate': 'Terminate the policy',
    'policy:withdraw-termination': 'Withdraw the termination',
    'policy:data-change': 'Change data (no premium change)',
    'policy:renew': 'Renew the policy',
    'policy:reinstate': 'Reinstate the policy',
  },
  de: {
    'policy:mta': 'Vertragsänderung während der Laufzeit',
    'policy:terminate': 'Vertrag kündigen',
    'policy:withdraw-termination': 'Kündigung zurücknehmen',
    'policy:data-change': 'Daten ändern (ohne Beitragsänderung)',
    'policy:renew': 'Vertrag verlängern',
    'policy:reinstate': 'Vertrag wieder in Kraft setzen',
  },
};

export const VERSION_KIND_LABELS: Record<Language, Record<string, string>> = {
  en: {
    issue: 'Issued',
    mta: 'Mid-term adjustment',
    'data-change': 'Data change',
    termination: 'Termination',
    'termination-withdrawn': 'Termination withdrawn',
    reinstatement: 'Reinstated',
  },
  de: {
    issue: 'Ausgestellt',
    mta: 'Vertragsänderung',
    'data-change': 'Datenänderung',
    termination: 'Kündigung',
    'termination-withdrawn': 'Kündigung zurückgenommen',
    reinstatement: 'Wiederinkraftsetzung',
  },
};
