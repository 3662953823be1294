import type { Language } from '@/lib/http/language';

/** The predefined customer decline reasons (API-CONTRACT §3, DOMAIN §8). */
export const DECLINE_REASONS = [
  'price-too-high',
  'coverage-insufficient',
  'chose-competitor',
  'no-longer-needed',
  'terms-not-accepted',
  'other',
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

const LABELS: Record<Language, Record<DeclineReason, string>> = {
  en: {
    'price-too-high': 'The price is too high',
    'coverage-insufficient': 'The cover is not sufficient',
    'chose-competitor': 'Chose another insurer',
    'no-longer-needed': 'Cover is no longer needed',
    'terms-not-accepted': 'The terms are not accepted',
    other: 'Other reason',
  },
  de: {
    'price-too-high': 'Der Preis ist zu hoch',
    'coverage-insufficient': 'Der Versicherungsschutz reicht nicht aus',
    'chose-competitor': 'Anderen Versicherer gewählt',
    'no-longer-needed': 'Versicherungsschutz wird nicht mehr benötigt',
    'terms-not-accepted': 'Die Bedingungen werden nicht akzeptiert',
    other: 'Anderer Grund',
  },
};

export function declineReasons(language: Language): { code: DeclineReason; label: string }[] {
  return DECLINE_REASONS.map((code) => ({ code, label: LABELS[language][code] }));
}
