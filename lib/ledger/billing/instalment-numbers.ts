// One numbering of a policy's instalments wherever one is shown: the schedule (spec 4.9), the
// invoice view (4.15) and payment allocations. The schedule is one list for the whole policy with
// no invoice beside each entry, so a number per invoice would repeat there (1, 1, 2, 2) and name
// nothing; instalments are numbered 1, 2, 3… across the policy's invoices in due-date order
// (cancelled ones included, so the two views agree whatever they leave out). The invoice view
// still names each instalment's invoice.

export interface NumberedInstalment {
  id: string;
  dueDate: Date;
  createdAt: Date;
  /** The position within its own invoice: breaks ties between rows of one invoice. */
  sequence: number;
}

/** The order the numbers follow, for queries that list instalments in it. */
export const INSTALMENT_ORDER = [{ dueDate: 'asc' as const }, { createdAt: 'asc' as const }, { sequence: 'asc' as const }];

function byScheduleOrder(a: NumberedInstalment, b: NumberedInstalment): number {
  return a.dueDate.getTime() - b.dueDate.getTime() || a.createdAt.getTime() - b.createdAt.getTime() || a.sequence - b.sequence;
}

/** Instalment id → its number in the policy's schedule, whatever order the rows come in. */
export function instalmentNumbers(rows: readonly NumberedInstalment[]): Map<string, number> {
  return new Map([...rows].sort(byScheduleOrder).map((row, index) => [row.id, index + 1]));
}
