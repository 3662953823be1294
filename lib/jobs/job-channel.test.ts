import { describe, expect, it } from 'vitest';
import { jobChannel } from './job-channel';
import { quoteChannel } from './listener';
import { LANES } from './tasks';

describe("a task's job channel", () => {
  it('is named after the task, as the triggers of migration 0017 name it', () => {
    expect(jobChannel('documents.generate')).toBe('ledger_jobs:documents.generate');
    expect(jobChannel('prepare-quote')).toBe('ledger_jobs:prepare-quote');
  });

  it('can be listened on for every task a lane runs (PostgreSQL refuses to notify on a name over 63 bytes)', () => {
    for (const task of LANES.all) {
      const channel = jobChannel(task);
      expect(channel.length, channel).toBeLessThanOrEqual(63);
      expect(quoteChannel(channel)).toBe(`"${channel}"`);
    }
  });
});

describe('a channel named in LISTEN', () => {
  it('is quoted, so that the dots and dashes of task names keep their meaning', () => {
    expect(quoteChannel('ledger_changes')).toBe('"ledger_changes"');
    expect(quoteChannel('ledger_jobs:deliver-webhooks')).toBe('"ledger_jobs:deliver-webhooks"');
  });

  it('is refused when PostgreSQL would cut it, or when it would need escaping', () => {
    expect(quoteChannel('x'.repeat(63))).toBe(`"${'x'.repeat(63)}"`);
    expect(() => quoteChannel('x'.repeat(64))).toThrow(/invalid channel name/);
    expect(() => quoteChannel('ledger"; DROP TABLE "Job')).toThrow(/invalid channel name/);
    expect(() => quoteChannel('Ledger_jobs')).toThrow(/invalid channel name/);
    expect(() => quoteChannel('')).toThrow(/invalid channel name/);
  });
});
