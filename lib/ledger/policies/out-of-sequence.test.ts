import { describe, expect, it } from 'vitest';
import { mergePatch } from '@/lib/ledger/quotes/merge-patch';
import { changedPaths } from '@/lib/products/paths';
import { applyPaths } from './out-of-sequence';

// Replaying a later MTA sets its own changed fields on the new data, as its merge patch did.

const issued = {
  customer: { phone: '+44 113 496 0123', address: { city: 'Leeds' } },
  objects: [{ sumInsured: 40_000, excess: 250, accidentalDamage: false }],
};

describe('applyPaths', () => {
  it('sets only the later change’s fields and keeps the earlier change underneath', () => {
    const later = mergePatch(issued, { objects: [{ accidentalDamage: true }] });
    const earlier = mergePatch(issued, { objects: [{ sumInsured: 60_000 }] });
    const replayed = applyPaths(earlier, later, changedPaths(issued, later));
    expect(replayed).toEqual({
      customer: issued.customer,
      objects: [{ sumInsured: 60_000, excess: 250, accidentalDamage: true }],
    });
    // Nothing it was given is changed.
    expect(earlier).toEqual(mergePatch(issued, { objects: [{ sumInsured: 60_000 }] }));
  });

  it('the later change wins where both changed the same field', () => {
    const later = mergePatch(issued, { objects: [{ sumInsured: 70_000 }] });
    const earlier = mergePatch(issued, { objects: [{ sumInsured: 60_000, excess: 500 }] });
    expect(applyPaths(earlier, later, changedPaths(issued, later))).toEqual({
      customer: issued.customer,
      objects: [{ sumInsured: 70_000, excess: 500, accidentalDamage: false }],
    });
  });

  it('adds an object the later change added, and removes a field it removed', () => {
    const later = mergePatch(issued, { customer: { address: null }, objects: [{}, { sumInsured: 5_000, excess: 100 }] });
    const replayed = applyPaths(issued, later, changedPaths(issued, later));
    expect(replayed).toEqual(later);
    expect(replayed).not.toHaveProperty('customer.address');
  });
});
