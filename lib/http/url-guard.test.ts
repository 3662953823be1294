import { describe, expect, it } from 'vitest';
import { urlProblem } from './url-guard';

const at = (pathAndQuery: string) => new URL(`http://localhost${pathAndQuery}`);

describe('URL guard', () => {
  it.each([
    '/api/v1/ledger/sales/policies/%ff%fe',
    '/api/v1/ledger/sales/policies/%c3',
    '/api/v1/ledger/sales/policies/%e0%80%80',
    '/api/v1/ledger/sales/policies/%ed%a0%80',
    '/api/v1/ledger/sales/policies/%',
    '/api/v1/ledger/sales/policies/%zz',
    '/api/v1/ledger/sales/policies?search=%ff',
    '/api/v1/ledger/sales/policies?search=%e2%82',
    '/api/v1/ledger/sales/policies?%c0=1',
  ])('refuses the malformed encoding in %s', (value) => {
    expect(urlProblem(at(value))).toMatch(/malformed percent-encoding/);
  });

  it.each([
    '/api/v1/ledger/sales/policies/%00',
    '/api/v1/ledger/sales/policies/abc%00def',
    '/api/v1/ledger/sales/policies?search=%00',
    '/api/v1/ledger/sales/policies?search=a%00b',
    '/api/v1/ledger/sales/policies?%00=1',
  ])('refuses NUL in %s', (value) => {
    expect(urlProblem(at(value))).toMatch(/NUL/);
  });

  it('lets well-formed paths and queries through', () => {
    expect(urlProblem(at('/api/v1/ledger/sales/policies?search=M%C3%BCller+%25&page=2'))).toBeNull();
    expect(urlProblem(at('/api/v1/ledger/sales/policies/3f2a'))).toBeNull();
  });
});
