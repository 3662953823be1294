import { describe, expect, it } from 'vitest';
import type { CalculationResult } from '@/lib/rating/types';
import type { QuoteRecord } from './quote-record';
import type { RatingOutcome } from './rate-quote';
import { ratedQuote, savedRatingsStatement } from './save-rating';

// The saved row and its update are made together: each JSON value becomes text once, and what
// the row already holds is not written again.

const ID = '00000000-0000-4000-8000-000000000001';
const TENANT = '00000000-0000-4000-8000-000000000002';
/** A referral a rating gives. */
const REFERRAL = {
  source: 'rule' as const,
  comment: 'sum insured',
  rules: [],
  referredBy: 'system',
  referredAt: '2026-11-26T08:00:00.000Z',
};

function quote(fields: Partial<QuoteRecord>): QuoteRecord {
  return { id: ID, tenantId: TENANT, status: 'draft', calculation: null, calculatedAt: null, referral: null, ...fields } as QuoteRecord;
}

function outcome(fields: Partial<RatingOutcome> = {}): RatingOutcome {
  const calculation = { data: { payable: 123.45 }, fields: [], installments: [], referrals: [] } as unknown as CalculationResult;
  return { calculation, calculationText: JSON.stringify(calculation), state: 'calculated', referral: null, ...fields };
}

/** The columns the update sets, in order. */
const columnsSet = (sql: string) => [...sql.slice(0, sql.indexOf(' WHERE ')).matchAll(/"(\w+)" = \$/g)].map((match) => match[1]);

describe('ratedQuote', () => {
  it('stores an enrichment worked out now, as text once, and gives the row its stored form', () => {
    const enrichment = { floodZone: 'B', checkedAt: undefined };
    const { row, statement } = ratedQuote(quote({ enrichmentState: 'pending', enrichment: null }), enrichment, null);
    expect(statement.text).toMatch(
      /^UPDATE "Policy" SET "enrichmentState" = \$1, "updatedAt" = \$2::timestamptz, "enrichment" = \$3::jsonb WHERE /,
    );
    expect(statement.values.slice(0, 3)).toEqual(['done', row.updatedAt, '{"floodZone":"B"}']);
    expect(row.enrichment).toEqual({ floodZone: 'B' });
    expect(row.enrichmentState).toBe('done');
    // Not rated: the state stays as it was, and the statement leaves the price alone.
    expect(row.status).toBe('draft');
    expect(columnsSet(statement.text)).not.toContain('calculation');
  });

  it('does not write an enrichment the row already holds, and keeps the very object', () => {
    const enrichment = { floodZone: 'A' };
    const rated = outcome();
    const { row, statement } = ratedQuote(quote({ enrichmentState: 'done', enrichment, status: 'calculated' }), enrichment, rated);
    expect(columnsSet(statement.text)).toEqual(['enrichmentState', 'updatedAt', 'calculation', 'calculatedAt', 'status']);
    expect(row.enrichment).toBe(enrichment);
    expect(statement.values).toContain(rated.calculationText);
    // The price is saved as the text the rating made; the row does not parse it back.
    expect('calculation' in row).toBe(false);
    expect(row.calculatedAt).toBe(row.updatedAt);
    expect(statement.text).toMatch(/WHERE "id" = \$\d+::uuid AND "tenantId" = \$\d+::uuid$/);
    expect(statement.values.slice(-2)).toEqual([ID, TENANT]);
  });

  it('from a kept row, updates only the version it was saved at, and does not write the same price again', () => {
    const enrichment = { floodZone: 'A' };
    const row = quote({ enrichmentState: 'done', enrichment, status: 'calculated' });
    const rated = outcome();
    const same = ratedQuote(row, enrichment, rated, { version: '4711', calculationText: rated.calculationText });
    expect(same.statement.text).toMatch(/WHERE "id" = \$\d+::uuid AND "tenantId" = \$\d+::uuid AND "xmin" = \$\d+::xid$/);
    expect(same.statement.values.slice(-3)).toEqual([ID, TENANT, '4711']);
    expect(columnsSet(same.statement.text)).toEqual(['enrichmentState', 'updatedAt', 'calculatedAt', 'status']);
    // A price that changed is written.
    const other = ratedQuote(row, enrichment, rated, { version: '4711', calculationText: '{"data":{"payable":99}}' });
    expect(columnsSet(other.statement.text)).toEqual(['enrichmentState', 'updatedAt', 'calculation', 'calculatedAt', 'status']);
    expect(other.statement.values).toContain(rated.calculationText);
  });

  it('leaves out of the saved row a price the locked row held, and saves the new one', () => {
    const old = { data: { payable: 99 }, fields: [], installments: [], referrals: [] };
    const rated = outcome();
    const { row, statement } = ratedQuote(
      quote({ enrichmentState: 'done', enrichment: { floodZone: 'A' }, status: 'calculated', calculation: old }),
      { floodZone: 'A' },
      rated,
    );
    expect('calculation' in row).toBe(false);
    expect(statement.values).toContain(rated.calculationText);
    expect(statement.values).not.toContain(JSON.stringify(old));
    expect(row.status).toBe('calculated');
  });

  it('writes the enrichment of a row whose enrichment was pending, even the very object it holds', () => {
    const enrichment = { floodZone: 'A' };
    const { statement } = ratedQuote(quote({ enrichmentState: 'pending', enrichment }), enrichment, null);
    expect(columnsSet(statement.text)).toEqual(['enrichmentState', 'updatedAt', 'enrichment']);
  });

  it('writes an enrichment that differs from the stored one even when the row says done', () => {
    const { statement } = ratedQuote(quote({ enrichmentState: 'done', enrichment: { floodZone: 'A' } }), { floodZone: 'C' }, null);
    expect(columnsSet(statement.text)).toContain('enrichment');
    expect(statement.values).toContain('{"floodZone":"C"}');
  });

  it('writes a referral the rating gave, and leaves an unchanged or absent one alone', () => {
    const referred = ratedQuote(
      quote({ enrichmentState: 'done', enrichment: {} }),
      {},
      outcome({ state: 'in-manual-referral', referral: REFERRAL }),
    );
    expect(columnsSet(referred.statement.text)).toContain('referral');
    expect(referred.row.referral).toEqual(REFERRAL);
    expect(referred.row.status).toBe('in-manual-referral');

    const approved = {
      ...REFERRAL,
      decision: { decision: 'approve' as const, comment: 'ok', decidedBy: 'uw', decidedAt: REFERRAL.referredAt, revision: 3 },
    };
    const kept = ratedQuote(quote({ enrichmentState: 'done', enrichment: {}, referral: approved }), {}, outcome({ referral: approved }));
    expect(columnsSet(kept.statement.text)).not.toContain('referral');
    expect(kept.row.referral).toBe(approved);

    const none = ratedQuote(quote({ enrichmentState: 'done', enrichment: {}, referral: approved }), {}, outcome());
    expect(columnsSet(none.statement.text)).not.toContain('referral');
    expect(none.row.referral).toBe(approved);
  });
});

describe('savedRatingsStatement', () => {
  const OTHER = '00000000-0000-4000-8000-000000000003';

  it('saves several quotes by one update, a column a quote leaves alone given as NULL and kept by the row', () => {
    const rated = ratedQuote(
      quote({ enrichmentState: 'pending', enrichment: null }),
      { floodZone: 'B' },
      outcome({ state: 'in-manual-referral', referral: REFERRAL }),
    );
    const notRated = ratedQuote(
      quote({ id: OTHER, enrichmentState: 'pending', enrichment: null, status: 'declined' }),
      { floodZone: 'C' },
      null,
    );
    const statement = savedRatingsStatement(TENANT, [rated.changes, notRated.changes]);

    expect(statement.text).toMatch(/^UPDATE "Policy" AS quote SET "enrichmentState" = \$1, "updatedAt" = saved\."updatedAt",/);
    for (const column of ['enrichment', 'calculation', 'calculatedAt', 'status', 'referral']) {
      expect(statement.text).toContain(`"${column}" = COALESCE(saved."${column}", quote."${column}")`);
    }
    expect(statement.text).toMatch(/WHERE quote\."id" = saved\."id" AND quote\."tenantId" = \$\d+::uuid$/);
    // 'done', seven values a quote in the order of the VALUES' columns, the tenant last.
    expect(statement.values).toEqual([
      'done',
      ID,
      rated.row.updatedAt,
      '{"floodZone":"B"}',
      rated.changes.calculation,
      rated.row.calculatedAt,
      'in-manual-referral',
      JSON.stringify(REFERRAL),
      OTHER,
      notRated.row.updatedAt,
      '{"floodZone":"C"}',
      null,
      null,
      null,
      null,
      TENANT,
    ]);
  });

  it('gives each quote the changes its own update would write', () => {
    const enrichment = { floodZone: 'A' };
    const rated = ratedQuote(quote({ enrichmentState: 'done', enrichment }), enrichment, outcome());
    expect(rated.changes).toEqual({
      id: ID,
      updatedAt: rated.row.updatedAt,
      calculation: rated.changes.calculation,
      calculatedAt: rated.row.calculatedAt,
      status: 'calculated',
    });
    expect(rated.changes.calculation).toBe(outcome().calculationText);
    expect(columnsSet(rated.statement.text)).toEqual(['enrichmentState', 'updatedAt', 'calculation', 'calculatedAt', 'status']);
  });

  it('refuses an empty list rather than send an update of nothing', () => {
    expect(() => savedRatingsStatement(TENANT, [])).toThrow('No saved rating to write');
  });
});
