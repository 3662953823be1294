import { describe, expect, it, vi } from 'vitest';

// The pool is never reached here: only the opening message is checked.
vi.mock('./client', () => ({ sharedPool: () => ({}) }));
const { tenantBeginSql, withLiterals } = await import('./tenant-sql');

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
