import { describe, expect, it } from 'vitest';
import { languageOf } from './language';

describe('languageOf', () => {
  it('takes the first preference the ledger speaks', () => {
    expect(languageOf(['fr-FR', 'de-AT', 'en'])).toBe('de');
    expect(languageOf(['en-GB', 'de'])).toBe('en');
    expect(languageOf(['DE'])).toBe('de');
  });

  it('falls back to English', () => {
    expect(languageOf(['fr', 'nl'])).toBe('en');
    expect(languageOf([])).toBe('en');
  });
});
