import { tenantWrite } from '@/lib/db/tenant-write';
import { DomainError } from '@/lib/errors';
import { calculateQuote, type CalculatedQuote, type CalculateQuoteInput } from './calculate-quote';
import { forgetCalculation, keepCalculation, knownCalculation } from './known-calculations';

// A calculation in its own tenant transaction, as the calculate route runs it. A recalculation
// (no changed data) of a quote this process calculated last starts from the row it saved then, so
// the lock's round trip is spared: the events, the update and COMMIT go as one message, and the
// update saves only the version of the row that was kept. If anything changed the quote since
// (another process's calculation, a bind, the background preparation), that update finds no row
// and the whole message fails before COMMIT; so does a refusal worked out from the kept row (its
// state may be out of date). Either way the calculation runs again on the locked path, which
// decides. A kept row found changed is not trusted again until a locked calculation finds the row
// as this process left it: where several processes calculate the same quote by turns, each pays
// one message that fails, not one every time. Calculations of one quote in this process run one
// after the other: started together from the same kept row, or one from the kept row and one
// locking, the one that lost the row would fail, roll back and lock after all. Queued, each starts
// from the row the one before saved. LEDGER_CALCULATE_FROM_KNOWN=off always takes the locked path.

// On globalThis, with the store: one count a process (tests read them), and for each quote being
// calculated in this process now ("tenant:id") the last calculation queued.
const globalForCalculations = globalThis as unknown as {
  ledgerKnownCalculationCounts?: { fromKnown: number; changed: number };
  ledgerCalculationsInFlight?: Map<string, Promise<unknown>>;
};
const counts = (globalForCalculations.ledgerKnownCalculationCounts ??= { fromKnown: 0, changed: 0 });
const inFlight = (globalForCalculations.ledgerCalculationsInFlight ??= new Map<string, Promise<unknown>>());

/** How many calculations of this process saved from a kept row, and how many found it changed. */
export function calculationsFromKnownRows(): { fromKnown: number; changed: number } {
  return { ...counts };
}

export async function calculateQuoteNow(input: CalculateQuoteInput): Promise<CalculatedQuote> {
  const key = `${input.tenantId}:${input.id}`;
  const before = inFlight.get(key);
  const calculate = () => calculateOnce(input);
  // Whatever the one before answered, this one starts after it.
  const calculation = before ? before.then(calculate, calculate) : calculate();
  inFlight.set(key, calculation);
  try {
    return await calculation;
  } finally {
    if (inFlight.get(key) === calculation) inFlight.delete(key);
  }
}

async function calculateOnce(input: CalculateQuoteInput): Promise<CalculatedQuote> {
  const known =
    process.env.LEDGER_CALCULATE_FROM_KNOWN !== 'off' && Object.keys(input.patch).length === 0
      ? knownCalculation(input.tenantId, input.id)
      : undefined;
  if (known?.trusted) {
    try {
      const calculated = await tenantWrite(input.tenantId, (tx) => calculateQuote(tx, input, known));
      counts.fromKnown++;
      return kept(input, calculated, true);
    } catch (error) {
      if (!(error instanceof DomainError || isSerializationFailure(error))) {
        forgetCalculation(input.tenantId, input.id);
        throw error;
      }
      counts.changed++;
    }
  }
  try {
    const calculated = await tenantWrite(input.tenantId, (tx) => calculateQuote(tx, input));
    // The lock found the row as this process last saved it, or this process kept none: trust
    // what it saves now.
    const latest = knownCalculation(input.tenantId, input.id);
    return kept(input, calculated, latest === undefined || calculated.versionFound === latest.rowVersion);
  } catch (error) {
    forgetCalculation(input.tenantId, input.id);
    throw error;
  }
}

function kept(input: CalculateQuoteInput, calculated: CalculatedQuote, trusted: boolean): CalculatedQuote {
  const { row, rowVersion, rating } = calculated;
  keepCalculation(input.tenantId, input.id, { row, rowVersion, rating, trusted });
  return calculated;
}

const isSerializationFailure = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '40001';
