import { AsyncLocalStorage } from 'node:async_hooks';

// The instant the business rules take as "now" (what "today" is in a tenant's zone). It is the
// real clock, except that a test stack started with LEDGER_TEST_CLOCK=enabled lets one request pin
// it with the `X-Ledger-Test-Now` header (an ISO instant), so the API tests can stand at 23:30 UTC
// on the eve of an inception. Without that setting the header is ignored: a production stack never
// lets a caller choose its own date.

export const TEST_CLOCK_HEADER = 'x-ledger-test-now';
export const TEST_CLOCK_SETTING = 'LEDGER_TEST_CLOCK';

type Env = Readonly<Record<string, string | undefined>>;

const pinned = new AsyncLocalStorage<Date>();

/** True only where the stack was started for tests with the clock explicitly enabled. */
export function testClockEnabled(env: Env = process.env): boolean {
  return env[TEST_CLOCK_SETTING] === 'enabled';
}

/** Now, for business dates: the pinned instant inside a test request, else the real clock. */
export function businessNow(): Date {
  return pinned.getStore() ?? new Date();
}

/** Runs `work` with the clock pinned at `instant`. */
export function withPinnedClock<T>(instant: Date, work: () => Promise<T>): Promise<T> {
  return pinned.run(instant, work);
}

/**
 * The instant a request pins, or null when it pins none or pinning is not enabled. An enabled
 * stack refuses a header that is not an ISO instant with its zone (the caller gets a 400).
 */
export function pinnedInstantOf(header: string | null, env: Env = process.env): Date | null | 'invalid' {
  if (header === null || !testClockEnabled(env)) return null;
  const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(header.trim());
  const instant = new Date(header.trim());
  return iso && !Number.isNaN(instant.getTime()) ? instant : 'invalid';
}
