import { describe, expect, it } from 'vitest';
import { dateHint, formatLocaleDate, parseLocaleDate } from './locale-date';

describe('dates in the page language', () => {
  it('formats an ISO date as the language writes it', () => {
    expect(formatLocaleDate('2027-03-01', 'en')).toBe('01/03/2027');
    expect(formatLocaleDate('2027-03-01', 'de')).toBe('01.03.2027');
    expect(formatLocaleDate('', 'en')).toBe('');
    expect(formatLocaleDate('tomorrow', 'de')).toBe('tomorrow');
    expect(dateHint('en')).toEqual({ hint: 'dd/mm/yyyy', example: '31/12/2027' });
    expect(dateHint('de')).toEqual({ hint: 'TT.MM.JJJJ', example: '31.12.2027' });
  });

  it('reads day, month and year in that order, with or without leading zeros, and an ISO date as it is', () => {
    expect(parseLocaleDate('01/03/2027', 'en')).toEqual({ ok: true, iso: '2027-03-01' });
    expect(parseLocaleDate(' 1/3/2027 ', 'en')).toEqual({ ok: true, iso: '2027-03-01' });
    expect(parseLocaleDate('29.02.2028', 'de')).toEqual({ ok: true, iso: '2028-02-29' });
    expect(parseLocaleDate('31.12.2027', 'de')).toEqual({ ok: true, iso: '2027-12-31' });
    expect(parseLocaleDate('2027-03-01', 'de')).toEqual({ ok: true, iso: '2027-03-01' });
    expect(parseLocaleDate('', 'en')).toEqual({ ok: true, iso: '' });
    // Round trip.
    expect(parseLocaleDate(formatLocaleDate('2026-11-09', 'de'), 'de')).toEqual({ ok: true, iso: '2026-11-09' });
  });

  it('refuses days a month does not have, with a plain message', () => {
    expect(parseLocaleDate('31/02/2027', 'en')).toEqual({ ok: false, message: 'February 2027 has 28 days, so there is no 31 February.' });
    expect(parseLocaleDate('29/02/2027', 'en')).toEqual({ ok: false, message: 'February 2027 has 28 days, so there is no 29 February.' });
    expect(parseLocaleDate('31/04/2027', 'en')).toEqual({ ok: false, message: 'April 2027 has 30 days, so there is no 31 April.' });
    expect(parseLocaleDate('00/04/2027', 'en')).toEqual({ ok: false, message: 'April 2027 has 30 days, so there is no 0 April.' });
    expect(parseLocaleDate('31.02.2027', 'de')).toEqual({
      ok: false,
      message: 'Den 31. Februar 2027 gibt es nicht: der Februar 2027 hat 28 Tage.',
    });
    expect(parseLocaleDate('2027-02-30', 'en')).toEqual({ ok: false, message: 'February 2027 has 28 days, so there is no 30 February.' });
    expect(parseLocaleDate('01/13/2027', 'en')).toEqual({ ok: false, message: 'There is no month 13.' });
    expect(parseLocaleDate('01.00.2027', 'de')).toEqual({ ok: false, message: 'Einen Monat 0 gibt es nicht.' });
  });

  it('refuses another language’s separator, a two-digit year and words, saying the format', () => {
    const english = { ok: false, message: 'Enter the date as dd/mm/yyyy, for example 31/12/2027.' };
    expect(parseLocaleDate('01.03.2027', 'en')).toEqual(english);
    expect(parseLocaleDate('1/3/27', 'en')).toEqual(english);
    expect(parseLocaleDate('next week', 'en')).toEqual(english);
    expect(parseLocaleDate('123/03/2027', 'en')).toEqual(english);
    expect(parseLocaleDate('01/03/2027', 'de')).toEqual({ ok: false, message: 'Bitte als TT.MM.JJJJ eingeben, z. B. 31.12.2027.' });
  });
});
