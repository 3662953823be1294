import type { RateLimited } from '@/lib/errors';

// Work that must not run too many at once, per key: at most `running` of one key run, at most
// `waiting` more wait for a slot in arrival order, each for at most `waitMs`; the rest are refused
// at once with `busy()`. A slot passes straight from the call that ends to the next waiter, so a
// waiter that gives up never lets another run beside the ones still running.

export interface SlotBounds {
  running: number;
  waiting: number;
  waitMs: number;
  busy: () => RateLimited;
}

interface KeySlots {
  running: number;
  waiting: (() => void)[];
}

export class BoundedSlots {
  private readonly keys = new Map<string, KeySlots>();

  constructor(private readonly bounds: SlotBounds) {}

  /** Runs `work` in a slot of `key`; throws `busy()` when none frees up in time or too many wait. */
  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const slots = await this.acquire(key);
    try {
      return await work();
    } finally {
      this.release(key, slots);
    }
  }

  /** Calls running and waiting on `key` now. */
  inUse(key: string): { running: number; waiting: number } {
    const slots = this.keys.get(key);
    return { running: slots?.running ?? 0, waiting: slots?.waiting.length ?? 0 };
  }

  /** Keys with calls in flight (a settled key leaves nothing behind). */
  keysInFlight(): number {
    return this.keys.size;
  }

  private async acquire(key: string): Promise<KeySlots> {
    const slots = this.keys.get(key) ?? { running: 0, waiting: [] };
    this.keys.set(key, slots);
    if (slots.running < this.bounds.running) {
      slots.running++;
      return slots;
    }
    if (slots.waiting.length >= this.bounds.waiting) throw this.bounds.busy();
    await new Promise<void>((resolve, reject) => {
      const granted = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        slots.waiting.splice(slots.waiting.indexOf(granted), 1);
        reject(this.bounds.busy());
      }, this.bounds.waitMs);
      slots.waiting.push(granted);
    });
    return slots;
  }

  private release(key: string, slots: KeySlots): void {
    const next = slots.waiting.shift();
    // The slot passes straight to the next waiter; `running` counts it still.
    if (next) next();
    else if (--slots.running === 0) this.keys.delete(key);
  }
}
