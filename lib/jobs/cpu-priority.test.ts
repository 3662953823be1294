import { describe, expect, it } from 'vitest';
import { nicenessOfLane } from './cpu-priority';

describe('the OS priority of a worker lane', () => {
  it('is the lowest (19) for the documents lane and normal (0) for the others, unless configured', () => {
    expect(nicenessOfLane('documents', undefined)).toBe(19);
    expect(nicenessOfLane('general', undefined)).toBe(0);
    expect(nicenessOfLane('webhooks', '')).toBe(0);
    expect(nicenessOfLane('all', undefined)).toBe(0);
    expect(nicenessOfLane('documents', '10')).toBe(10);
    expect(nicenessOfLane('general', '0')).toBe(0);
    expect(nicenessOfLane('general', '19')).toBe(19);
  });

  it('refuses a value the OS would not take, instead of starting at an unintended priority', () => {
    for (const value of ['-1', '20', '5.5', 'low']) {
      expect(() => nicenessOfLane('documents', value), value).toThrow('WORKER_NICENESS must be an integer from 0 to 19');
    }
  });
});
