import { describe, expect, it } from 'vitest';
import { taxFor, type TaxRow } from './tax-table';

describe('the tax table by country, line and date', () => {
  it('UK IPT is 12 % standard and 20 % higher rate for travel; Germany 19 %, Ireland 3 %, Netherlands 21 %', () => {
    expect(taxFor('GB', 'property', '2026-12-01')?.rate.toFixed(2)).toBe('0.12');
    expect(taxFor('GB', 'pet', '2026-12-01')?.rate.toFixed(2)).toBe('0.12');
    expect(taxFor('GB', 'travel', '2026-12-01')?.rate.toFixed(2)).toBe('0.20');
    expect(taxFor('DE', 'travel', '2026-12-01')?.rate.toFixed(2)).toBe('0.19');
    expect(taxFor('IE', 'property', '2026-12-01')?.rate.toFixed(2)).toBe('0.03');
    expect(taxFor('NL', 'pet', '2026-12-01')?.rate.toFixed(2)).toBe('0.21');
  });

  it('names the tax by its jurisdiction in each language, not by the language of the document', () => {
    const uk = taxFor('GB', 'property', '2026-12-01')!;
    expect(uk).toMatchObject({ country: 'GB', jurisdiction: 'United Kingdom' });
    expect(uk.name.en).toBe('Insurance Premium Tax');
    expect(uk.name.de).toContain('Insurance Premium Tax');
    expect(uk.name.de).not.toBe('Versicherungsteuer');
    expect(taxFor('DE', 'pet', '2026-12-01')!.name.de).toBe('Versicherungsteuer');
  });

  it('a country without a rate is null; so is a date before the first rate', () => {
    expect(taxFor('FR', 'travel', '2026-12-01')).toBeNull();
    expect(taxFor('GB', 'property', '2017-05-31')).toBeNull();
    expect(taxFor('GB', 'property', '2017-06-01')?.rate.toFixed(2)).toBe('0.12');
  });

  it('a rate change applies from its date: the old row up to the day before, the new one from the day', () => {
    const name = { en: 'X', de: 'X' };
    const table: TaxRow[] = [
      { country: 'XX', line: 'any', rate: '0.10', validFrom: '2020-01-01', validTo: '2027-01-01', jurisdiction: 'X', name },
      { country: 'XX', line: 'any', rate: '0.11', validFrom: '2027-01-01', jurisdiction: 'X', name },
      { country: 'XX', line: 'travel', rate: '0.30', validFrom: '2027-06-01', jurisdiction: 'X', name },
    ];
    expect(taxFor('XX', 'property', '2026-12-31', table)?.rate.toFixed(2)).toBe('0.10');
    expect(taxFor('XX', 'property', '2027-01-01', table)?.rate.toFixed(2)).toBe('0.11');
    // The travel row exists only from June: before it travel takes the general rate.
    expect(taxFor('XX', 'travel', '2027-05-31', table)?.rate.toFixed(2)).toBe('0.11');
    expect(taxFor('XX', 'travel', '2027-06-01', table)?.rate.toFixed(2)).toBe('0.30');
  });
});

describe('the jurisdictions of the table', () => {
  it('names each jurisdiction’s tax in English and German', () => {
    const names = ['GB', 'DE', 'IE', 'NL'].map((country) => {
      const choice = taxFor(country, 'property', '2026-12-01')!;
      return [country, choice.jurisdiction, choice.name.en, choice.name.de];
    });
    expect(names).toEqual([
      ['GB', 'United Kingdom', 'Insurance Premium Tax', 'Insurance Premium Tax (britische Versicherungsteuer)'],
      ['DE', 'Germany', 'German insurance tax (Versicherungsteuer)', 'Versicherungsteuer'],
      ['IE', 'Ireland', 'Irish insurance levy', 'Irische Versicherungsabgabe (insurance levy)'],
      [
        'NL',
        'Netherlands',
        'Dutch insurance premium tax (assurantiebelasting)',
        'Niederländische Versicherungsteuer (assurantiebelasting)',
      ],
    ]);
    expect(taxFor('GB', 'travel', '2026-12-01')).toMatchObject({
      jurisdiction: 'United Kingdom',
      name: { en: 'Insurance Premium Tax (higher rate)', de: 'Insurance Premium Tax (britische Versicherungsteuer, erhöhter Satz)' },
    });
  });

  it('a line’s own row wins wherever it stands in the table; a line without one takes the general row wherever that stands', () => {
    const name = { en: 'X', de: 'X' };
    const general: TaxRow = { country: 'XX', line: 'any', rate: '0.10', validFrom: '2020-01-01', jurisdiction: 'X', name };
    const pet: TaxRow = { country: 'XX', line: 'pet', rate: '0.05', validFrom: '2020-01-01', jurisdiction: 'X', name };
    for (const table of [
      [general, pet],
      [pet, general],
    ]) {
      expect(taxFor('XX', 'pet', '2026-01-01', table)?.rate.toFixed(2)).toBe('0.05');
      expect(taxFor('XX', 'travel', '2026-01-01', table)?.rate.toFixed(2)).toBe('0.10');
    }
  });
});
