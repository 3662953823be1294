import { isDraining, onDrain } from '@/lib/http/drain';
import { longPollCounter } from '@/lib/metrics/registry';
import { listener } from './listener';

// Long polling without a sleep loop: a waiter registers for a key ("request:<id>",
// "policy:<id>"), checks the state, and sleeps until a NOTIFY for that key (sent by the
// transaction that changed it, delivered at commit) or the deadline.

export const CHANGES_CHANNEL = 'ledger_changes';
export const LONG_POLL_TIMEOUT_MS = 25_000;
/** Re-checks per long poll; a key that keeps changing without becoming ready still ends. */
const CHECK_ROUNDS_MAX = 50;
/**
 * Long polls one tenant may hold open at once in this process (LEDGER_LONG_POLLS_PER_TENANT).
 * Beyond it a long poll is answered at once with the current state, like a plain poll: the
 * client sees `pending` / `ready: false` and polls again, and no tenant can pin every connection.
 */
export const LONG_POLLS_PER_TENANT_MAX = Math.max(1, Number(process.env.LEDGER_LONG_POLLS_PER_TENANT) || 100);

// On globalThis: Next.js bundles each route apart, and the bound must count the polls of all of them.
const globalForWait = globalThis as unknown as { ledgerLongPollsByTenant?: Map<string, number> };
const heldByTenant = (globalForWait.ledgerLongPollsByTenant ??= new Map<string, number>());

/** A waiter's wake-up, with what its notice carried after the key (see NoticeAnswer). */
type Wake = (detail?: string) => void;
const waiters = new Map<string, Set<Wake>>();
let subscription: Promise<unknown> | null = null;

/**
 * A notice's key and what it carries after the first space, if anything: "request:<id>" carries
 * nothing, "settled:request:<id> {…}" the settled request (migration 0021).
 */
function splitNotice(payload: string): { key: string; detail?: string } {
  const space = payload.indexOf(' ');
  return space < 0 ? { key: payload } : { key: payload.slice(0, space), detail: payload.slice(space + 1) };
}

function ensureSubscribed(): Promise<unknown> {
  subscription ??= listener
    .subscribe(CHANGES_CHANNEL, (payload) => {
      if (payload === null) {
        for (const set of waiters.values()) for (const wake of set) wake();
        return;
      }
      const { key, detail } = splitNotice(payload);
      for (const wake of waiters.get(key) ?? []) wake(detail);
    })
    .catch((error: unknown) => {
      subscription = null;
      throw error;
    });
  return subscription;
}

export function activeWaiters(): number {
  let count = 0;
  for (const set of waiters.values()) count += set.size;
  return count;
}

/**
 * A second key whose notice carries the answer itself, so the waiter it wakes answers without
 * `check()`'s read. `read` turns what the notice carried into the answer, or null (nothing
 * carried, or not ready): then `check()` runs as after any other notice.
 */
export interface NoticeAnswer<T> {
  key: string;
  read: (detail: string | undefined) => T | null;
}

/**
 * Resolves with `check()`'s first non-null answer (or `answer`'s), or null when `timeoutMs`
 * passes first (or the client went away). With `tenant`, the wait counts against that tenant's
 * bound; over it, `check()` runs once and its answer (or null) comes back at once.
 */
export async function waitFor<T>(
  key: string,
  check: () => Promise<T | null>,
  timeoutMs: number,
  signal?: AbortSignal,
  tenant?: string,
  answer?: NoticeAnswer<T>,
): Promise<T | null> {
  // A process shutting down answers at once, as a plain poll would; the client asks again elsewhere.
  if (isDraining()) return check();
  if (tenant === undefined) return waitCounted({ key, check, timeoutMs, signal, answer });
  const held = heldByTenant.get(tenant) ?? 0;
  if (held >= LONG_POLLS_PER_TENANT_MAX) return check();
  heldByTenant.set(tenant, held + 1);
  try {
    return await waitCounted({ key, check, timeoutMs, signal, answer });
  } finally {
    const left = (heldByTenant.get(tenant) ?? 1) - 1;
    if (left <= 0) heldByTenant.delete(tenant);
    else heldByTenant.set(tenant, left);
  }
}

/** One long poll's wait, as waitFor was given it. */
interface Wait<T> {
  key: string;
  check: () => Promise<T | null>;
  timeoutMs: number;
  signal?: AbortSignal;
  answer?: NoticeAnswer<T>;
}

async function waitCounted<T>(wait: Wait<T>): Promise<T | null> {
  longPollCounter.count++;
  try {
    return await waitRounds(wait);
  } finally {
    longPollCounter.count--;
  }
}

async function waitRounds<T>({ key, check, timeoutMs, signal, answer }: Wait<T>): Promise<T | null> {
  await ensureSubscribed();
  const deadline = Date.now() + timeoutMs;
  const keys = answer ? [key, answer.key] : [key];
  for (let round = 0; round < CHECK_ROUNDS_MAX; round++) {
    let wake: () => void = () => undefined;
    const wokenBy: { key?: string; detail?: string } = {};
    const woken = new Promise<void>((resolve) => {
      wake = resolve;
    });
    // Each key's wake-up notes which key woke the waiter first, and what its notice carried.
    const wakes = keys.map((waitedKey): [string, Wake] => [
      waitedKey,
      (detail) => {
        if (wokenBy.key === undefined) Object.assign(wokenBy, { key: waitedKey, detail });
        wake();
      },
    ]);
    for (const [waitedKey, wakeFor] of wakes) {
      let set = waiters.get(waitedKey);
      if (!set) waiters.set(waitedKey, (set = new Set()));
      set.add(wakeFor);
    }
    let timer: NodeJS.Timeout | undefined;
    const onAbort = () => wake();
    const stopWaitingOnDrain = onDrain(wake);
    try {
      const value = await check();
      if (value !== null) return value;
      const remainingMs = deadline - Date.now();
      if (remainingMs <= 0 || signal?.aborted || isDraining()) return null;
      signal?.addEventListener('abort', onAbort, { once: true });
      await Promise.race([woken, new Promise<void>((resolve) => (timer = setTimeout(resolve, remainingMs)))]);
      if (signal?.aborted) return null;
      // Woken by the drain: one last check answers with the state as it is now.
      if (isDraining()) return await check();
      if (answer && wokenBy.key === answer.key) {
        const value = answer.read(wokenBy.detail);
        if (value !== null) return value;
      }
    } finally {
      stopWaitingOnDrain();
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      for (const [waitedKey, wakeFor] of wakes) {
        const set = waiters.get(waitedKey);
        set?.delete(wakeFor);
        if (set?.size === 0) waiters.delete(waitedKey);
      }
    }
  }
  return null;
}
