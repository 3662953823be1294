import { describe, expect, it } from 'vitest';
import { businessNow, pinnedInstantOf, testClockEnabled, withPinnedClock } from './clock';

const enabled = { LEDGER_TEST_CLOCK: 'enabled' };

describe('the test clock', () => {
  it('is honoured only where LEDGER_TEST_CLOCK=enabled', () => {
    expect(testClockEnabled({})).toBe(false);
    expect(testClockEnabled({ LEDGER_TEST_CLOCK: 'true' })).toBe(false);
    expect(testClockEnabled(enabled)).toBe(true);
    expect(pinnedInstantOf('2026-11-30T23:30:00Z', {})).toBeNull();
  });

  it('takes an ISO instant with its zone, and calls anything else invalid', () => {
    expect(pinnedInstantOf('2026-11-30T23:30:00Z', enabled)).toEqual(new Date(Date.UTC(2026, 10, 30, 23, 30)));
    expect(pinnedInstantOf('2026-12-01T00:30:00+01:00', enabled)).toEqual(new Date(Date.UTC(2026, 10, 30, 23, 30)));
    expect(pinnedInstantOf(null, enabled)).toBeNull();
    for (const bad of ['2026-11-30', 'tomorrow', '2026-11-30T23:30:00', '2026-13-40T99:99:00Z']) {
      expect(pinnedInstantOf(bad, enabled), bad).toBe('invalid');
    }
  });

  it('pins now for the work it runs, and only for it', async () => {
    const instant = new Date(Date.UTC(2026, 10, 30, 23, 30));
    expect(await withPinnedClock(instant, async () => businessNow())).toEqual(instant);
    expect(Math.abs(businessNow().getTime() - Date.now())).toBeLessThan(1_000);
  });
});
