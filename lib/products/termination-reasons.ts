// Why a policy ends: each product lists the codes it accepts (settings.terminationReasons), as
// decline reasons are a fixed list; a free-text note may go with the code. One catalogue of
// codes and their labels, so every product's list reads the same in every language.

export const TERMINATION_REASON_CODES = [
  'customer-request',
  'replaced-cover',
  'property-sold',
  'moved-abroad',
  'trip-cancelled',
  'pet-deceased',
  'pet-rehomed',
  'non-payment',
  'issued-in-error',
  'other',
] as const;
export type TerminationReasonCode = (typeof TERMINATION_REASON_CODES)[number];

export const TERMINATION_REASON_LABELS: Readonly<Record<'en' | 'de', Record<TerminationReasonCode, string>>> = {
  en: {
    'customer-request': 'At the customer’s request',
    'replaced-cover': 'Replaced by other cover',
    'property-sold': 'The property was sold',
    'moved-abroad': 'Moved abroad',
    'trip-cancelled': 'The trip was cancelled',
    'pet-deceased': 'The pet has died',
    'pet-rehomed': 'The pet was rehomed',
    'non-payment': 'Premium not paid',
    'issued-in-error': 'Issued in error',
    other: 'Other reason',
  },
  de: {
    'customer-request': 'Auf Wunsch des Kunden',
    'replaced-cover': 'Durch anderen Versicherungsschutz ersetzt',
    'property-sold': 'Die Immobilie wurde verkauft',
    'moved-abroad': 'Umzug ins Ausland',
    'trip-cancelled': 'Die Reise wurde abgesagt',
    'pet-deceased': 'Das Tier ist verstorben',
    'pet-rehomed': 'Das Tier wurde abgegeben',
    'non-payment': 'Prämie nicht bezahlt',
    'issued-in-error': 'Irrtümlich ausgestellt',
    other: 'Anderer Grund',
  },
};

/** What every product accepts: the customer's wish, other cover, arrears (the daily job's), a mistake, other. */
export const COMMON_TERMINATION_REASONS: readonly TerminationReasonCode[] = [
  'customer-request',
  'replaced-cover',
  'non-payment',
  'issued-in-error',
  'other',
];

export function terminationReasonList(codes: readonly TerminationReasonCode[], language: 'en' | 'de') {
  return codes.map((code) => ({ code, label: TERMINATION_REASON_LABELS[language][code] }));
}
