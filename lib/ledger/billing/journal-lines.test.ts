import { describe, expect, it } from 'vitest';
import { ACCOUNTS, balancedLines, premiumLines, UnbalancedJournalEntry } from './journal-lines';

// The journal's side rule (DOMAIN.md §10): a premium debits the policyholder's receivable and
// credits insurer, commissions, tax and fees; a return posts the same lines reversed.

const parts = { payable: '235.91', insurerNet: '141.23', brokerCommission: '28.25', mgaCommission: '18.83', tax: '22.60', fees: '25.00' };

const shown = (lines: ReturnType<typeof premiumLines>) =>
  lines.map((line) => [
    line.account,
    line.debit === undefined ? null : String(line.debit),
    line.credit === undefined ? null : String(line.credit),
  ]);

describe('premium lines', () => {
  it('an additional premium debits the receivable and credits the rest', () => {
    expect(shown(premiumLines(parts))).toEqual([
      ['policyholder-receivable', '235.91', null],
      ['insurer-payable', null, '141.23'],
      ['broker-commission-payable', null, '28.25'],
      ['mga-commission-income', null, '18.83'],
      ['tax-payable', null, '22.6'],
      ['fee-income', null, '25'],
    ]);
  });

  it('a return premium credits the receivable and debits the rest', () => {
    expect(shown(premiumLines(parts, -1))).toEqual([
      ['policyholder-receivable', null, '235.91'],
      ['insurer-payable', '141.23', null],
      ['broker-commission-payable', '28.25', null],
      ['mga-commission-income', '18.83', null],
      ['tax-payable', '22.6', null],
      ['fee-income', '25', null],
    ]);
  });

  it('names the six premium accounts of DOMAIN.md §10, cash and the policyholder credit', () => {
    expect(ACCOUNTS).toEqual({
      receivable: 'policyholder-receivable',
      insurer: 'insurer-payable',
      broker: 'broker-commission-payable',
      mga: 'mga-commission-income',
      tax: 'tax-payable',
      fees: 'fee-income',
      cash: 'cash',
      credit: 'policyholder-credit',
    });
  });
});

describe('balanced lines', () => {
  it('rounds each line to the cent and drops the lines with no money', () => {
    const lines = balancedLines([
      { account: 'policyholder-receivable', debit: '10.004' },
      { account: 'insurer-payable', credit: '7.50' },
      { account: 'broker-commission-payable', credit: '2.495' },
      { account: 'fee-income', credit: 0 },
      { account: 'tax-payable' },
    ]);
    expect(lines.map((line) => [line.account, line.debit.toFixed(2), line.credit.toFixed(2)])).toEqual([
      ['policyholder-receivable', '10.00', '0.00'],
      ['insurer-payable', '0.00', '7.50'],
      ['broker-commission-payable', '0.00', '2.50'],
    ]);
  });

  it('keeps a line that has only a debit, or only a credit', () => {
    expect(
      balancedLines([
        { account: 'tax-payable', debit: 1 },
        { account: 'fee-income', credit: 1 },
      ]),
    ).toHaveLength(2);
  });

  it('refuses an entry whose debits and credits differ by a cent, naming both totals', () => {
    const unbalanced = () =>
      balancedLines([
        { account: 'policyholder-receivable', debit: '100.00' },
        { account: 'insurer-payable', credit: '99.99' },
      ]);
    expect(unbalanced).toThrow(UnbalancedJournalEntry);
    expect(unbalanced).toThrow('Journal entry does not balance: debits 100.00, credits 99.99');
    expect(new UnbalancedJournalEntry('1.00', '2.00').name).toBe('UnbalancedJournalEntry');
  });

  it('accepts an empty entry (nothing moves)', () => {
    expect(balancedLines([])).toEqual([]);
  });
});
