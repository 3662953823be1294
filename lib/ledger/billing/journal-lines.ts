import { type MoneyInput, ZERO, money, roundMoney, type Decimal } from '@/lib/money';

// Double entry (DOMAIN.md §10): the lines of one entry, and the rule that they balance. Pure, so
// the side rule and the balance check are tested without a database (journal.ts writes them).

export const ACCOUNTS = {
  receivable: 'policyholder-receivable',
  insurer: 'insurer-payable',
  broker: 'broker-commission-payable',
  mga: 'mga-commission-income',
  tax: 'tax-payable',
  fees: 'fee-income',
  /** Money received and not yet paid out (bank). */
  cash: 'cash',
  /** Money held for the policyholder: an overpayment or a return not yet set against an instalment or refunded. */
  credit: 'policyholder-credit',
} as const;

export type Account = (typeof ACCOUNTS)[keyof typeof ACCOUNTS];

export interface JournalLineInput {
  account: Account;
  debit?: MoneyInput;
  credit?: MoneyInput;
}

export interface BalancedLine {
  account: Account;
  debit: Decimal;
  credit: Decimal;
}

export class UnbalancedJournalEntry extends Error {
  constructor(debits: string, credits: string) {
    super(`Journal entry does not balance: debits ${debits}, credits ${credits}`);
    this.name = 'UnbalancedJournalEntry';
  }
}

/** The entry's non-zero lines rounded to the cent; throws when debits and credits differ. */
export function balancedLines(input: readonly JournalLineInput[]): BalancedLine[] {
  const lines = input
    .map((line) => ({ account: line.account, debit: roundMoney(line.debit ?? 0), credit: roundMoney(line.credit ?? 0) }))
    .filter((line) => !line.debit.isZero() || !line.credit.isZero());
  const debits = lines.reduce((sum, line) => sum.plus(line.debit), ZERO);
  const credits = lines.reduce((sum, line) => sum.plus(line.credit), ZERO);
  if (!debits.equals(credits)) throw new UnbalancedJournalEntry(debits.toFixed(2), credits.toFixed(2));
  return lines;
}

/** The parts of a premium as they are booked; `sign` -1 books a return (credit note). */
export interface PremiumParts {
  payable: MoneyInput;
  insurerNet: MoneyInput;
  brokerCommission: MoneyInput;
  mgaCommission: MoneyInput;
  tax: MoneyInput;
  fees: MoneyInput;
}

/** Receivable against insurer, commissions, tax and fees; a return premium posts the same lines reversed. */
export function premiumLines(parts: PremiumParts, sign: 1 | -1 = 1): JournalLineInput[] {
  const side = (account: Account, amount: MoneyInput, receivableSide: boolean): JournalLineInput => {
    const value = money(amount);
    const debitSide = receivableSide === (sign === 1);
    return debitSide ? { account, debit: value } : { account, credit: value };
  };
  return [
    side(ACCOUNTS.receivable, parts.payable, true),
    side(ACCOUNTS.insurer, parts.insurerNet, false),
    side(ACCOUNTS.broker, parts.brokerCommission, false),
    side(ACCOUNTS.mga, parts.mgaCommission, false),
    side(ACCOUNTS.tax, parts.tax, false),
    side(ACCOUNTS.fees, parts.fees, false),
  ];
}
