import { describe, expect, it, vi } from 'vitest';

// The pool is never reached here: only the opening message is checked.
vi.mock('./client', () => ({ sharedPool: () => ({}) }));
const { inlineSql, tenantBeginSql, withLiterals } = await import('./tenant-sql');

describe('the tenant read fast path', () => {
  it('opens a read-only transaction with the tenant and the ledger_tenant role, both transaction-local', () => {
    expect(tenantBeginSql('0b6f3c8e-1d2a-4e5f-9a7b-3c4d5e6f7a8b')).toBe(
      "BEGIN READ ONLY; SET LOCAL app.tenant_id = '0b6f3c8e-1d2a-4e5f-9a7b-3c4d5e6f7a8b'; SET LOCAL ROLE ledger_tenant",
    );
  });

  it('refuses anything but a UUID as the tenant, so nothing can be spliced into the message', () => {
    for (const bad of ["x', true); RESET ROLE; --", '', '0b6f3c8e-1d2a-4e5f-9a7b-3c4d5e6f7a8b; COMMIT', 'acme']) {
      expect(() => tenantBeginSql(bad)).toThrow('A tenant id must be a UUID');
    }
  });
});

describe('the values of a one-message read', () => {
  it('puts each value in its place as a quoted literal, $10 apart from $1', () => {
    const values = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];
    expect(withLiterals('SELECT $1, $2::uuid, $10', values)).toBe("SELECT 'a', 'b'::uuid, 'j'");
  });

  it('doubles quotes and escapes backslashes, so a value cannot end its literal', () => {
    expect(withLiterals('WHERE "id" = $1', ["x'; COMMIT; --"])).toBe(`WHERE "id" = 'x''; COMMIT; --'`);
    expect(withLiterals('WHERE "id" = $1', ['a\\b'])).toBe(`WHERE "id" =  E'a\\\\b'`);
  });

  it('refuses a placeholder without a text value', () => {
    expect(() => withLiterals('SELECT $1, $2', ['only one'])).toThrow('No text value for parameter $2');
    expect(() => withLiterals('SELECT $1', [7 as unknown as string])).toThrow('No text value for parameter $1');
  });
});

describe('a statement written out with its values as literals', () => {
  const parts = (strings: string[], ...values: unknown[]) => ({ strings, values });

  it('writes text, numbers, booleans, nulls and instants as PostgreSQL reads them', () => {
    const statement = parts(
      ['UPDATE t SET a = ', ', b = ', ', c = ', ', d = ', ', e = ', '::timestamptz, f = ', ' WHERE id = ', '::uuid'],
      "O'Brien",
      42,
      true,
      null,
      new Date('2026-11-26T03:04:05.678Z'),
      undefined,
      '0b6f3c8e-1d2a-4e5f-9a7b-3c4d5e6f7a8b',
    );
    expect(inlineSql(statement)).toBe(
      "UPDATE t SET a = 'O''Brien', b = 42, c = TRUE, d = NULL, e = '2026-11-26T03:04:05.678Z'::timestamptz, f = NULL WHERE id = '0b6f3c8e-1d2a-4e5f-9a7b-3c4d5e6f7a8b'::uuid",
    );
  });

  it('keeps a value from ending its literal or turning what follows into a comment', () => {
    expect(inlineSql(parts(['SELECT ', ''], "x'; DROP TABLE t; --"))).toBe("SELECT 'x''; DROP TABLE t; --'");
    expect(inlineSql(parts(['SELECT 1 -', ''], -1))).toBe('SELECT 1 -(-1)');
    expect(inlineSql(parts(['SELECT ', ''], false))).toBe('SELECT FALSE');
    expect(inlineSql(parts(['SELECT ', '::int8'], 9007199254740993n))).toBe('SELECT 9007199254740993::int8');
  });

  it('refuses values without one clear literal', () => {
    expect(() => inlineSql(parts(['SELECT ', ''], Number.NaN))).toThrow('No SQL literal for the number NaN');
    expect(() => inlineSql(parts(['SELECT ', ''], Number.POSITIVE_INFINITY))).toThrow('No SQL literal for the number Infinity');
    expect(() => inlineSql(parts(['SELECT ', ''], new Date('nope')))).toThrow('No SQL literal for an invalid date');
    expect(() => inlineSql(parts(['SELECT ', ''], { a: 1 }))).toThrow('No SQL literal for a value of type object');
  });
});
