import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { productCodes, getProduct } from '@/lib/products/registry';
import { amountLabel, CATALOGUES, formatDateIn, formatFactor, formatMoneyIn, inWords, problemWords, ruleWords } from './messages';
import { LedgerProblem, problemMessage } from './problem';

// The codes are read from where the ledger makes them, not from the catalogue: a new problem
// type, rule or system actor without words in both languages fails here.
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'));
}
const code = [...sources('lib'), ...sources('app')];

function problemKinds(): Set<string> {
  const kinds = new Set<string>();
  for (const text of code) for (const match of text.matchAll(/docs\/problems#([a-z-]+)/g)) kinds.add(match[1]!);
  // Problem types built from a domain error's kind (`/docs/problems#${kind}`): every kind it declares.
  const errors = readFileSync('lib/errors.ts', 'utf8');
  const declared = errors.slice(errors.indexOf('abstract readonly kind'), errors.indexOf(';', errors.indexOf('abstract readonly kind')));
  for (const match of declared.matchAll(/'([a-z-]+)'/g)) kinds.add(match[1]!);
  // The types the API documents (/docs).
  const docs = readFileSync('app/docs/page.tsx', 'utf8');
  for (const match of docs.matchAll(/\['([a-z-]+)', \d{3}/g)) kinds.add(match[1]!);
  return kinds;
}

function ruleCodes(): Set<string> {
  return new Set(productCodes().flatMap((product) => getProduct(product).referralRules.map((rule) => rule.rule)));
}

function systemActors(): Set<string> {
  const actors = new Set<string>();
  for (const text of code) for (const match of text.matchAll(/'(system:[a-z-]+)'/g)) actors.add(match[1]!);
  return actors;
}

describe('the pages’ message catalogue', () => {
  it('finds the codes it must cover (the scan itself works)', () => {
    expect([...problemKinds()]).toEqual(expect.arrayContaining(['validation-failed', 'invalid-state', 'internal', 'method-not-allowed']));
    expect([...ruleCodes()]).toEqual(expect.arrayContaining(['home.sum-insured-above-authority', 'pet.age']));
    expect([...systemActors()]).toEqual(expect.arrayContaining(['system:enrichment']));
  });

  for (const language of ['en', 'de'] as const) {
    it(`has ${language} words for every problem type, rule code and system actor`, () => {
      const catalogue = CATALOGUES[language];
      expect([...problemKinds()].filter((kind) => !catalogue.problems[kind as keyof typeof catalogue.problems])).toEqual([]);
      expect([...ruleCodes()].filter((rule) => !catalogue.rules[rule as keyof typeof catalogue.rules])).toEqual([]);
      expect([...systemActors()].filter((actor) => !catalogue.actors[actor as keyof typeof catalogue.actors])).toEqual([]);
    });
  }

  it('never says the same words in German as in English (each entry is translated)', () => {
    for (const part of ['problems', 'rules', 'actors', 'amounts'] as const) {
      const english = CATALOGUES.en[part] as Record<string, string>;
      const german = CATALOGUES.de[part] as Record<string, string>;
      expect(Object.keys(german).sort()).toEqual(Object.keys(english).sort());
      for (const key of Object.keys(english)) expect(german[key], key).not.toBe(english[key]);
    }
  });

  it('words a problem by its type, and an unknown type without showing it', () => {
    expect(problemWords('/docs/problems#invalid-state', 'en')).toBe('This is not possible in the record’s current state.');
    expect(problemWords('/docs/problems#invalid-state', 'de')).toBe('Das ist im aktuellen Zustand des Datensatzes nicht möglich.');
    expect(problemWords('/docs/problems#some-new-kind', 'de')).toBe('Etwas ist schiefgegangen. Bitte versuchen Sie es erneut.');
    expect(ruleWords('home.some-new-rule', 'en')).not.toContain('home.');
  });

  it('puts the dates and codes of a detail in words', () => {
    const detail =
      'may not be before the latest policy version, effective 2027-03-01 (home.sum-insured-above-authority, system:enrichment)';
    expect(inWords(detail, 'en')).toBe(
      'may not be before the latest policy version, effective 1 Mar 2027 (The sum insured is above the limit we may accept without an underwriter., automatically, after checking the risk)',
    );
    expect(inWords('effective 2027-03-01T00:00:00.000Z', 'de')).toBe('effective 1. März 2027');
  });

  it('leads with the catalogue’s words; a validation detail (already in the page language) stands alone', () => {
    const conflict = new LedgerProblem(409, { type: '/docs/problems#invalid-state', detail: 'Effective 2027-03-01 is after expiry' });
    expect(problemMessage(conflict, 'en')).toBe('This is not possible in the record’s current state. Effective 1 Mar 2027 is after expiry');
    expect(problemMessage(conflict, 'de')).toBe(
      'Das ist im aktuellen Zustand des Datensatzes nicht möglich. Effective 1. März 2027 is after expiry',
    );
    const invalid = new LedgerProblem(422, { type: '/docs/problems#validation-failed', detail: 'Postleitzahl ist erforderlich' });
    expect(problemMessage(invalid, 'de')).toBe('Postleitzahl ist erforderlich');
    expect(problemMessage(new LedgerProblem(403, {}), 'en')).toBe('Your role may not do this.');
  });

  it('names the parts of a premium properly (never “Mga commission”)', () => {
    expect(amountLabel('mgaCommission', 'en')).toBe('MGA commission');
    expect(amountLabel('mgaCommission', 'de')).toBe('MGA-Provision');
  });

  it('formats money, dates and factors for each language', () => {
    expect(formatDateIn('2027-03-01', 'en')).toBe('1 Mar 2027');
    expect(formatDateIn('2027-03-01', 'de')).toBe('1. März 2027');
    expect(formatMoneyIn(1234.5, 'EUR', 'de')).toBe('1.234,50\u00a0€');
    expect(formatMoneyIn(1234.5, 'GBP', 'en')).toBe('£1,234.50');
    expect(formatFactor(0.9972602739726028, 'en')).toBe('× 0.9973');
    expect(formatFactor(0.9972602739726028, 'de')).toBe('× 0,9973');
    expect(formatFactor(1.1, 'en')).toBe('× 1.10');
  });
});
