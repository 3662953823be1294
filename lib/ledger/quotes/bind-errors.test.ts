import { describe, expect, it } from 'vitest';
import { homeExample } from '@/lib/products/home/example';
import type { Prisma } from '@/lib/db/generated/client';
import { bindErrorsOf } from './bind-errors';

// The quote read's `errors` come from a cache keyed by quote, revision and local day: each of the
// three must lead to a fresh answer, and an unchanged key to the same one.

type HomeData = { customer: Record<string, unknown> };

/** A home quote covering 2026-12-01 to 2027-12-01, changed as told. */
function quoteRow(revision: number, change: (data: HomeData) => void = () => undefined): Parameters<typeof bindErrorsOf>[0] {
  const { product, ...data } = homeExample('2026-11-26') as unknown as { product: string } & HomeData;
  change(data);
  return { id: '7f0c1c52-5a1e-4c39-9d1b-2f4a8e6b9c01', revision, productCode: product, data: data as unknown as Prisma.JsonObject };
}

describe('what bind would refuse, as the quote read lists it', () => {
  it('names a missing field, and forgets it once a new revision fills it', () => {
    const withoutEmail = quoteRow(1, (data) => delete data.customer.email);
    expect(bindErrorsOf(withoutEmail, '2026-11-26').map((error) => error.path)).toEqual(['/customer/email']);
    expect(bindErrorsOf(quoteRow(2), '2026-11-26')).toEqual([]);
  });

  it('answers a revision read again with the same answer, without working it out again', () => {
    const first = bindErrorsOf(
      quoteRow(7, (data) => delete data.customer.dateOfBirth),
      '2026-11-26',
    );
    expect(first.map((error) => error.path)).toEqual(['/customer/dateOfBirth']);
    // Same key: the answer kept, even when handed a row that would now answer otherwise.
    expect(bindErrorsOf(quoteRow(7), '2026-11-26')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('works the answer out again on a new day: inception on 1 December is in the past on 2 December', () => {
    expect(bindErrorsOf(quoteRow(3), '2026-12-01')).toEqual([]);
    expect(bindErrorsOf(quoteRow(3), '2026-12-02')).toEqual([
      { path: '/policy/dateInception', message: 'Inception date 2026-12-01 is in the past (today is 2026-12-02)' },
    ]);
  });
});
