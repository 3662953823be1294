import { describe, expect, it } from 'vitest';
import { deferSettingsOfLane, hostIdleCores, idleCoresBetween, parseHostTicks } from './cpu-headroom';

const stat = (cpu: string, cores = 2) =>
  [`cpu  ${cpu}`, ...Array.from({ length: cores }, (_, core) => `cpu${core} 1 0 1 1 0 0 0 0 0 0`), 'intr 1 0', 'ctxt 5'].join('\n');

describe('the host’s CPU time from /proc/stat', () => {
  it('counts user, nice, system, irq, softirq and steal as busy, idle and iowait as not, and the cpuN lines as cores', () => {
    // busy 100 + 20 + 30 + 4 + 5 + 6 = 165; all 165 + 400 + 7 = 572 (guest 8 and 9 are inside user and nice).
    expect(parseHostTicks(stat('100 20 30 400 7 4 5 6 8 9'))).toEqual({ busy: 165, total: 572, cores: 2 });
    // An older kernel's four columns.
    expect(parseHostTicks(stat('10 0 5 85', 4))).toEqual({ busy: 15, total: 100, cores: 4 });
  });

  it('answers nothing for text it cannot read', () => {
    expect(parseHostTicks('')).toBeNull();
    expect(parseHostTicks('intr 1 2 3')).toBeNull();
    expect(parseHostTicks(stat('10 x 5 85'))).toBeNull();
    expect(parseHostTicks('cpu  10 0 5 85\nintr 1')).toBeNull();
  });
});

describe('the cores other work leaves idle', () => {
  const at = (busy: number, total: number, cores = 2) => ({ busy, total, cores });

  it('is the host’s idle share of its cores, with this process’s own use counted as idle', () => {
    // 2 cores, 300 of 400 ticks busy: 1.5 cores busy, 0.5 idle.
    expect(idleCoresBetween(at(0, 0), at(300, 400), 0)).toBe(0.5);
    // Of the 1.5 busy cores, 0.75 were this process: others left 1.25 idle.
    expect(idleCoresBetween(at(1_000, 2_000), at(1_300, 2_400), 0.75)).toBe(1.25);
    // A process whose own count runs ahead of the host's (another clock) never makes others negative.
    expect(idleCoresBetween(at(0, 0), at(100, 400), 1)).toBe(2);
    // A busy host of 8 cores, 7 of them busy with others.
    expect(idleCoresBetween(at(0, 0, 8), at(700, 800, 8), 0)).toBe(1);
  });

  it('is unknown when no time passed between the readings', () => {
    expect(idleCoresBetween(at(5, 10), at(5, 10), 0)).toBeNull();
  });

  it('is read as a gauge: unknown at first, then over the time since the last reading, and unknown without /proc/stat', async () => {
    const readings = [stat('0 0 0 0'), stat('390 0 10 0'), stat('390 0 10 400')];
    // This process's own CPU stands still: what the test runner does beside it is not counted.
    const gauge = hostIdleCores(
      () => readings.shift() ?? '',
      () => 0,
    );
    expect(gauge()).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 120));
    // Every tick busy: none idle.
    expect(gauge()).toBe(0);
    // Read again at once: the same figure, no new reading taken.
    expect(readings).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 120));
    // 0 of 400 ticks busy since: both cores idle.
    expect(gauge()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(gauge()).toBeNull();
    // Every busy tick this process's own (its CPU ran far ahead of the wall time): both cores idle of others.
    const ownTicks = [stat('0 0 0 0'), stat('390 0 10 0')];
    const ownMicros = [0, 1e9];
    const ownGauge = hostIdleCores(
      () => ownTicks.shift() ?? '',
      () => ownMicros.shift() ?? 1e9,
    );
    expect(ownGauge()).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(ownGauge()).toBe(2);
    const unreadable = hostIdleCores(() => {
      throw new Error('ENOENT');
    });
    expect(unreadable()).toBeNull();
  });
});

describe('the deferral of a lane’s background work', () => {
  it('is on for the documents lane (a free core, 20 s at most) and off for the others', () => {
    expect(deferSettingsOfLane('documents', {})).toEqual({ minIdleCores: 1, maxDeferMs: 20_000 });
    expect(deferSettingsOfLane('general', {})).toBeUndefined();
    expect(deferSettingsOfLane('all', {})).toBeUndefined();
    expect(deferSettingsOfLane('webhooks', { WORKER_DEFER_IDLE_CORES: '1' })).toBeUndefined();
    expect(deferSettingsOfLane('documents', { WORKER_DEFER_IDLE_CORES: '0.5', WORKER_DEFER_MAX_MS: '5000' })).toEqual({
      minIdleCores: 0.5,
      maxDeferMs: 5_000,
    });
    expect(deferSettingsOfLane('documents', { WORKER_DEFER_IDLE_CORES: '0' })).toBeUndefined();
    expect(deferSettingsOfLane('documents', { WORKER_DEFER_MAX_MS: ' ' })).toEqual({ minIdleCores: 1, maxDeferMs: 20_000 });
  });

  it('refuses settings it cannot take, instead of starting with another', () => {
    expect(() => deferSettingsOfLane('documents', { WORKER_DEFER_IDLE_CORES: '-1' })).toThrow(
      'WORKER_DEFER_IDLE_CORES must be a number from 0 to 1024, not -1',
    );
    expect(() => deferSettingsOfLane('documents', { WORKER_DEFER_MAX_MS: 'soon' })).toThrow('WORKER_DEFER_MAX_MS must be a number');
    expect(() => deferSettingsOfLane('documents', { WORKER_DEFER_MAX_MS: '1800001' })).toThrow('from 0 to 1800000');
  });
});
