import { money, ZERO, type Decimal } from '@/lib/money';
import type { CalculationResult, PaymentPlan } from '@/lib/rating/types';

// The instalment schedule answer (spec 4.9), pure: before issue from the rating's proposal, after
// issue from the policy's stored instalments. instalment-schedule.ts reads the rows.

export interface ScheduleEntry {
  sequence: number;
  dueDate: string;
  amount: number;
  currency: string;
  includesAdminFee: boolean;
  /** `planned` before issue; after issue the instalment's own status (open, cancelled, paid). */
  status: string;
}

export interface InstalmentSchedule {
  instalments: ScheduleEntry[];
  paymentPlan: PaymentPlan;
  total: number;
  currency: string;
  /** `quote` while the schedule is the rating's proposal, `policy` once invoices exist. */
  source: 'quote' | 'policy';
}

export interface StoredInstalment {
  dueDate: Date;
  amount: Decimal | string | { toString(): string };
  currency: string;
  status: string;
}

/**
 * After issue: the stored instalments, listed in INSTALMENT_ORDER (billing/instalment-numbers.ts),
 * so each entry's position is its number; the total is what is not cancelled.
 */
export function scheduleFromInstalments(stored: readonly StoredInstalment[], calculation: CalculationResult | null): InstalmentSchedule {
  const currency = stored[0]?.currency ?? calculation?.data.currency ?? 'EUR';
  const instalments = stored.map((instalment, index) => ({
    sequence: index + 1,
    dueDate: instalment.dueDate.toISOString().slice(0, 10),
    amount: money(instalment.amount.toString()).toNumber(),
    currency: instalment.currency,
    includesAdminFee: index === 0,
    status: instalment.status,
  }));
  const open = stored.filter((instalment) => instalment.status !== 'cancelled');
  const total = open.reduce((sum, instalment) => sum.plus(instalment.amount.toString()), ZERO).toNumber();
  return { instalments, paymentPlan: calculation?.data.paymentPlan ?? 'annual', total, currency, source: 'policy' };
}

/** Before issue: the rating's instalments, each `planned`, totalling the payable. */
export function scheduleFromCalculation(calculation: CalculationResult): InstalmentSchedule {
  return {
    instalments: calculation.installments.map((instalment) => ({ ...instalment, status: 'planned' })),
    paymentPlan: calculation.data.paymentPlan,
    total: calculation.data.payable,
    currency: calculation.data.currency,
    source: 'quote',
  };
}
