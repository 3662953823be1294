import { money, type Decimal, ZERO } from '@/lib/money';
import { splitAmount, INSTALMENTS_MAX } from '@/lib/rating/instalments';
import { compareDates } from '@/lib/rating/dates';

// Re-spreading open instalments after a mid-term adjustment (DOMAIN.md §4): what is still to
// pay must equal the new total. The open instalments due on or after the effective date take
// the adjustment, split like a plan (cut down to the cent, the cents left on the first); when
// none are due then, or a return exceeds them, every open instalment takes part. Replaced
// instalments are cancelled and new ones created, so no instalment row is ever rewritten.

export interface OpenInstalment {
  id: string;
  dueDate: string;
  amount: Decimal;
}

export interface Respread {
  cancel: string[];
  create: { dueDate: string; amount: Decimal }[];
}

export function respreadInstalments(
  open: readonly OpenInstalment[],
  adjustment: Decimal,
  effectiveDate: string,
  fallbackDueDate: string,
): Respread {
  if (adjustment.isZero()) return { cancel: [], create: [] };
  const sorted = [...open].sort((a, b) => compareDates(a.dueDate, b.dueDate));
  const later = sorted.filter((instalment) => compareDates(instalment.dueDate, effectiveDate) >= 0);
  if (later.length > 0) {
    const laterTotal = totalAfter(later, adjustment);
    if (!laterTotal.isNegative()) return spread(later, laterTotal, fallbackDueDate);
  }
  return spread(sorted, totalAfter(sorted, adjustment), fallbackDueDate);
}

function totalAfter(group: readonly OpenInstalment[], adjustment: Decimal): Decimal {
  return group.reduce((sum, instalment) => sum.plus(instalment.amount), ZERO).plus(adjustment);
}

function spread(group: readonly OpenInstalment[], total: Decimal, fallbackDueDate: string): Respread {
  const cancel = group.map((instalment) => instalment.id);
  if (total.isZero()) return { cancel, create: [] };
  // A negative total (more returned than is still open) is one amount owed back to the customer.
  if (group.length === 0 || total.isNegative())
    return { cancel, create: [{ dueDate: group[0]?.dueDate ?? fallbackDueDate, amount: total }] };
  const dates = group.slice(0, INSTALMENTS_MAX).map((instalment) => instalment.dueDate);
  const parts = splitAmount(money(total), dates.length);
  return { cancel, create: dates.map((dueDate, i) => ({ dueDate, amount: parts[i] ?? ZERO })) };
}
