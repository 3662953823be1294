import { describe, expect, it } from 'vitest';
import { instalmentNumbers } from './instalment-numbers';

const at = (iso: string) => new Date(`${iso}T00:00:00Z`);
const row = (id: string, due: string, created: string, sequence: number) => ({ id, dueDate: at(due), createdAt: at(created), sequence });

describe('one instalment numbering across a policy’s invoices', () => {
  it('numbers by due date, then by the invoice issued first, then by position in the invoice', () => {
    const numbers = instalmentNumbers([
      // An adjustment invoice issued in March with two instalments, the second due with the original's third.
      row('mta-2', '2026-04-01', '2026-03-10', 2),
      row('mta-1', '2026-03-15', '2026-03-10', 1),
      row('issue-3', '2026-04-01', '2026-01-05', 3),
      row('issue-1', '2026-02-01', '2026-01-05', 1),
      row('issue-2', '2026-03-01', '2026-01-05', 2),
      // Same invoice, same due day: its own position decides.
      row('twin-b', '2026-05-01', '2026-01-05', 5),
      row('twin-a', '2026-05-01', '2026-01-05', 4),
    ]);
    expect([...numbers].sort((a, b) => a[1] - b[1])).toEqual([
      ['issue-1', 1],
      ['issue-2', 2],
      ['mta-1', 3],
      ['issue-3', 4],
      ['mta-2', 5],
      ['twin-a', 6],
      ['twin-b', 7],
    ]);
  });

  it('numbers nothing for a policy without instalments', () => {
    expect(instalmentNumbers([]).size).toBe(0);
  });
});
