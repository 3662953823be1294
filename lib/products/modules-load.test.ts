// The money modules evaluate their tables when they load (factors parsed to Decimals, postcode
// areas indexed by zone). A wrong table entry such as an empty factor makes the module throw on
// import: every test file that imports it statically then fails to load, which vitest reports as
// a failed file with no tests, and which Stryker's vitest runner scores as a surviving mutant
// (stryker-js issue 6144 and its follow-ups). Importing them here inside a test makes a module
// that cannot load a failing test, which every runner counts.
import { describe, expect, it } from 'vitest';

describe('the money modules load', () => {
  it('money', async () => {
    const { money } = await import('@/lib/money');
    expect(money('0.00000001').toString()).toBe('0.00000001');
  });

  it('home tables', async () => {
    const tables = await import('@/lib/products/home/tables');
    expect(tables.RISK_ZONES).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('pet tables', async () => {
    const tables = await import('@/lib/products/pet/tables');
    expect(Object.keys(tables.EXCESS_FACTORS)).not.toHaveLength(0);
  });

  it('travel tables', async () => {
    const tables = await import('@/lib/products/travel/tables');
    expect(tables.DAILY_RATE.toFixed(2)).toBe('1.20');
  });
});
