import { describe, expect, it } from 'vitest';
import { getProduct } from '@/lib/products/registry';
import { validatePayload } from '@/lib/products/validate';
import { validationMessages } from '@/lib/products/validation-messages';
import { example } from '@/lib/rating/test-support';

// One catalogue, two languages: German validation messages name German fields, English stays the default.

function titlesOf(node: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => titlesOf(item, into));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'title' && typeof value === 'string') into.add(value);
      titlesOf(value, into);
    }
  }
  return into;
}

describe('validation messages', () => {
  it('every title in every product schema has a German name', () => {
    const missing = ['home', 'travel', 'pet'].flatMap((code) =>
      [...titlesOf(getProduct(code).schema)].filter((title) => validationMessages('de').title(title) === title),
    );
    expect(missing).toEqual([]);
  });

  it('a broken home payload: German sentences with German field names in de, English by default', () => {
    const payload = example('home', (p) => {
      p.policy.dateInception = 'soon';
      delete p.customer.lastName;
      p.objects[0]!.sumInsured = 1;
    });
    expect(validatePayload('home', payload, 'de').errors).toEqual(
      expect.arrayContaining([
        { path: '/policy/dateInception', message: 'Versicherungsbeginn muss ein Kalenderdatum sein (JJJJ-MM-TT)' },
        { path: '/customer/lastName', message: 'Nachname ist erforderlich' },
        { path: '/objects/0/sumInsured', message: 'Versicherungssumme (GBP) muss mindestens 5,000 sein' },
      ]),
    );
    expect(validatePayload('home', payload).errors).toEqual(
      expect.arrayContaining([
        { path: '/policy/dateInception', message: 'Inception date must be a calendar date (YYYY-MM-DD)' },
        { path: '/customer/lastName', message: 'Last name is required' },
      ]),
    );
  });

  it('the term rule and the products’ own checks speak German too', () => {
    const backwards = example('home', (p) => (p.policy.dateExpiry = p.policy.dateInception));
    expect(validatePayload('home', backwards, 'de').errors).toEqual([
      { path: '/policy/dateExpiry', message: 'Das Ablaufdatum muss nach dem Versicherungsbeginn liegen' },
    ]);
    const unborn = example('pet', (p) => (p.objects[0]!.dateOfBirth = '2030-01-01'));
    expect(validatePayload('pet', unborn, 'de').errors).toContainEqual({
      path: '/objects/0/dateOfBirth',
      message: 'Das Geburtsdatum darf nicht nach dem Versicherungsbeginn liegen',
    });
  });
});
