// The one catalogue of words the pages show for what the ledger answers in codes: problem types
// (RFC 9457 `type`, `/docs/problems#<kind>`), referral rule codes of every product and the
// system actors that act on a record. English and German, the languages the ledger speaks (the
// pages ask in the browser's language, `lib/client/language.ts`). The API's own validation
// sentences come already translated (`lib/products/validation-messages.ts`); this catalogue
// covers what the API leaves as a code. A code missing here fails messages.test.ts.

import { formatDate, formatMoney } from './format';
import type { PageLanguage } from './language';

export const PROBLEM_KINDS = [
  'bad-request',
  'unauthenticated',
  'forbidden',
  'not-found',
  'method-not-allowed',
  'invalid-state',
  'conflict',
  'too-large',
  'unsupported-media-type',
  'validation-failed',
  'rate-limited',
  'unavailable',
  'internal',
] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

export const RULE_CODES = ['home.sum-insured-above-authority', 'home.claims-history', 'pet.age', 'travel.traveller-age'] as const;
export const SYSTEM_ACTORS = ['system:enrichment', 'system:expiry', 'system:arrears', 'system:renewal-run'] as const;

type Words<K extends string> = Record<K, string>;

/** The parts of a premium movement (MTA, termination, reinstatement) as the ledger names them. */
export const AMOUNT_PARTS = ['net', 'tax', 'fees', 'brokerCommission', 'mgaCommission', 'insurerNet', 'payable'] as const;
export type AmountPart = (typeof AMOUNT_PARTS)[number];

interface Catalogue {
  problems: Words<ProblemKind>;
  rules: Words<(typeof RULE_CODES)[number]>;
  actors: Words<(typeof SYSTEM_ACTORS)[number]>;
  amounts: Words<AmountPart>;
  /** Said when a code is not in the catalogue (a newer server): never the raw code. */
  unknownProblem: string;
  unknownRule: string;
  unknownActor: string;
}

const en: Catalogue = {
  problems: {
    'bad-request': 'The request could not be read. Check the entries and try again.',
    unauthenticated: 'Your session has expired. Sign in again.',
    forbidden: 'Your role may not do this.',
    'not-found': 'This record does not exist, or it belongs to another firm.',
    'method-not-allowed': 'This action is not available here.',
    'invalid-state': 'This is not possible in the record’s current state.',
    conflict: 'Someone changed this record at the same time. Reload the page and try again.',
    'too-large': 'The data sent is too large.',
    'unsupported-media-type': 'The data sent is not in a form the ledger reads.',
    'validation-failed': 'Some entries need attention.',
    'rate-limited': 'Too many requests. Wait a moment and try again.',
    unavailable: 'The ledger is briefly unavailable. Try again in a moment.',
    internal: 'Something went wrong on our side. Try again; if it happens again, contact support with the reference.',
  },
  rules: {
    'home.sum-insured-above-authority': 'The sum insured is above the limit we may accept without an underwriter.',
    'home.claims-history': 'Two or more claims in the last five years: an underwriter reviews the claims history.',
    'pet.age': 'The pet is older than we may accept without an underwriter.',
    'travel.traveller-age': 'A traveller is older than we may accept without an underwriter.',
  },
  actors: {
    'system:enrichment': 'automatically, after checking the risk',
    'system:expiry': 'automatically, at expiry',
    'system:arrears': 'automatically, for unpaid instalments',
    'system:renewal-run': 'automatically, by the renewal run',
  },
  amounts: {
    net: 'Net premium',
    tax: 'Tax',
    fees: 'Fees',
    brokerCommission: 'Broker commission',
    mgaCommission: 'MGA commission',
    insurerNet: 'Insurer net',
    payable: 'Payable',
  },
  unknownProblem: 'Something went wrong. Try again.',
  unknownRule: 'A rule of the product asks an underwriter to review this quote.',
  unknownActor: 'automatically',
};

const de: Catalogue = {
  problems: {
    'bad-request': 'Die Anfrage konnte nicht gelesen werden. Bitte prüfen Sie die Angaben und versuchen Sie es erneut.',
    unauthenticated: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    forbidden: 'Ihre Rolle darf das nicht.',
    'not-found': 'Diesen Datensatz gibt es nicht, oder er gehört zu einer anderen Firma.',
    'method-not-allowed': 'Diese Aktion ist hier nicht möglich.',
    'invalid-state': 'Das ist im aktuellen Zustand des Datensatzes nicht möglich.',
    conflict: 'Jemand hat diesen Datensatz gleichzeitig geändert. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
    'too-large': 'Die gesendeten Daten sind zu groß.',
    'unsupported-media-type': 'Die gesendeten Daten haben ein Format, das das System nicht liest.',
    'validation-failed': 'Einige Angaben müssen korrigiert werden.',
    'rate-limited': 'Zu viele Anfragen. Bitte warten Sie einen Moment.',
    unavailable: 'Das System ist kurz nicht erreichbar. Bitte versuchen Sie es gleich erneut.',
    internal:
      'Bei uns ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut; wenn er wieder auftritt, nennen Sie dem Support die Referenz.',
  },
  rules: {
    'home.sum-insured-above-authority': 'Die Versicherungssumme liegt über dem Betrag, den wir ohne Underwriter annehmen dürfen.',
    'home.claims-history': 'Zwei oder mehr Schäden in den letzten fünf Jahren: ein Underwriter prüft den Schadenverlauf.',
    'pet.age': 'Das Tier ist älter, als wir es ohne Underwriter annehmen dürfen.',
    'travel.traveller-age': 'Ein Reisender ist älter, als wir es ohne Underwriter annehmen dürfen.',
  },
  actors: {
    'system:enrichment': 'automatisch, nach der Risikoprüfung',
    'system:expiry': 'automatisch, bei Ablauf',
    'system:arrears': 'automatisch, wegen unbezahlter Raten',
    'system:renewal-run': 'automatisch, durch den Verlängerungslauf',
  },
  amounts: {
    net: 'Nettoprämie',
    tax: 'Steuer',
    fees: 'Gebühren',
    brokerCommission: 'Maklerprovision',
    mgaCommission: 'MGA-Provision',
    insurerNet: 'Netto an den Versicherer',
    payable: 'Zu zahlen',
  },
  unknownProblem: 'Etwas ist schiefgegangen. Bitte versuchen Sie es erneut.',
  unknownRule: 'Eine Regel des Produkts verlangt die Prüfung durch einen Underwriter.',
  unknownActor: 'automatisch',
};

export const CATALOGUES: Record<PageLanguage, Catalogue> = { en, de };

function lookup<K extends string>(words: Words<K>, code: string): string | undefined {
  return Object.hasOwn(words, code) ? words[code as K] : undefined;
}

/** `/docs/problems#invalid-state` (or an absolute URL ending so) → its kind. */
export function problemKindOf(type: string | undefined): string | undefined {
  const hash = type?.lastIndexOf('#') ?? -1;
  return type && hash >= 0 ? type.slice(hash + 1) : undefined;
}

export function problemWords(type: string | undefined, language: PageLanguage): string {
  const kind = problemKindOf(type);
  return (kind && lookup(CATALOGUES[language].problems, kind)) || CATALOGUES[language].unknownProblem;
}

export function ruleWords(code: string, language: PageLanguage): string {
  return lookup(CATALOGUES[language].rules, code) ?? CATALOGUES[language].unknownRule;
}

export function amountLabel(part: AmountPart, language: PageLanguage): string {
  return CATALOGUES[language].amounts[part];
}

/** Who acted: a system actor in words; a person's id is not shown (their name is not in the record). */
export function actorWords(actor: string, language: PageLanguage): string | undefined {
  if (!actor.startsWith('system:')) return undefined;
  return lookup(CATALOGUES[language].actors, actor) ?? CATALOGUES[language].unknownActor;
}

// Dates, money and factors as people of each language read them. English keeps the pages'
// `1 Mar 2027` (format.ts); German writes `1. März 2027`.
const GERMAN_MONTHS = ['Jan.', 'Feb.', 'März', 'Apr.', 'Mai', 'Juni', 'Juli', 'Aug.', 'Sept.', 'Okt.', 'Nov.', 'Dez.'];

export function formatDateIn(value: string, language: PageLanguage): string {
  if (language === 'en') return formatDate(value);
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return `${date.getUTCDate()}. ${GERMAN_MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

export function formatMoneyIn(amount: number | null | undefined, currency: string | null | undefined, language: PageLanguage): string {
  if (language === 'en' || amount === null || amount === undefined) return formatMoney(amount, currency);
  return new Intl.NumberFormat('de-DE', { style: 'currency', currency: currency || 'GBP' }).format(amount);
}

/** A rating factor rounded for people: `× 0.9973`, never sixteen decimals. */
export function formatFactor(factor: number, language: PageLanguage): string {
  const locale = language === 'de' ? 'de-DE' : 'en-GB';
  return `× ${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(factor)}`;
}

const ISO_DATE = /\b(\d{4}-\d{2}-\d{2})(T[\d:.]+Z)?\b/g;
const CODE = /`?\b((?:home|pet|travel)\.[a-z-]+|system:[a-z-]+)\b`?/g;

/** A sentence from the ledger with its ISO dates and codes in words (for details the API does not translate). */
export function inWords(text: string, language: PageLanguage): string {
  return text
    .replaceAll(ISO_DATE, (_, day: string) => formatDateIn(day, language))
    .replaceAll(CODE, (match, code: string) => {
      if (code.startsWith('system:')) return actorWords(code, language) ?? match;
      return lookup(CATALOGUES[language].rules, code) ?? match;
    });
}
