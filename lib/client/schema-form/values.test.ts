import { describe, expect, it } from 'vitest';
import { changedLeaves } from './values';

describe('changedLeaves', () => {
  const before = {
    customer: { phone: '1', email: 'a@example.com' },
    objects: [
      { sumInsured: 40_000, accidentalDamage: true },
      { sumInsured: 10_000, accidentalDamage: false },
    ],
  };

  it('sends only the changed field of an object item, the others as {}', () => {
    const after = structuredClone(before);
    after.objects[1]!.sumInsured = 60_000;
    expect(changedLeaves(before, after)).toEqual({ objects: [{}, { sumInsured: 60_000 }] });
  });

  it('sends nothing for an unchanged document, and the whole array when its length changed', () => {
    expect(changedLeaves(before, structuredClone(before))).toBeUndefined();
    const longer = { ...before, objects: [...before.objects, { sumInsured: 5_000, accidentalDamage: false }] };
    expect(changedLeaves(before, longer)).toEqual({ objects: longer.objects });
  });

  it('a removed field is null, as in a merge patch', () => {
    expect(changedLeaves(before, { ...before, customer: { phone: '1' } })).toEqual({ customer: { email: null } });
  });
});
