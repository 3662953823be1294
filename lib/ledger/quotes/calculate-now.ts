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
// one message that fails, not one every time. LEDGER_CALCULATE_FROM_KNOWN=off always takes the
// locked path.

// On globalThis, with the store: one count a process (tests read them).
const globalForCounts = globalThis as unknown as { ledgerKnownCalculationCounts?: { fromKnown: number; changed: number } };
const counts = (globalForCounts.ledgerKnownCalculationCounts ??= { fromKnown: 0, changed: 0 });

/** How many calculations of this process saved from a kept row, and how many found it changed. */
export function calculationsFromKnownRows(): { fromKnown: number; changed: number } {
  return { ...counts };
}

export async function calculateQuoteNow(input: CalculateQuoteInput): Promise<CalculatedQuote> {
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
    // Nobody else saved the quote since this process last did (or it never did): trust what it saves now.
    return kept(input, calculated, known === undefined || calculated.versionFound === known.rowVersion);
  } catch (error) {
    forgetCalculation(input.tenantId, input.id);
    throw error;
  }
}

function kept(input: CalculateQuoteInput, calculated: CalculatedQuote, trusted: boolean): CalculatedQuote {
  const { row, rowVersion, payable, calculationText } = calculated;
  keepCalculation(input.tenantId, input.id, { row, rowVersion, payable, calculationText, trusted });
  return calculated;
}

const isSerializationFailure = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '40001';
