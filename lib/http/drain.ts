import { log } from '@/lib/log';

// Graceful shutdown of an app process. On SIGTERM (or SIGINT) the process first drains: every
// open long poll is woken and answers with the current state at once (the client polls again,
// through another process), new long polls do not wait, and readiness answers 503 while the
// process still serves, so the load balancer takes it out of rotation. After
// LEDGER_SHUTDOWN_DELAY_MS the signal goes on to Next.js's own handler, which stops listening,
// lets the open requests finish and exits. Closing the listener at once instead would reset
// connections the balancer had just opened. State on globalThis, since Next.js bundles each
// route apart and all of them must see the same drain.

interface DrainState {
  draining: boolean;
  wakers: Set<() => void>;
  installed: boolean;
}

const globalForDrain = globalThis as unknown as { ledgerDrain?: DrainState };
const state: DrainState = (globalForDrain.ledgerDrain ??= { draining: false, wakers: new Set(), installed: false });

export function isDraining(): boolean {
  return state.draining;
}

/** Registers a callback that ends a wait when the process starts to drain; returns its removal. */
export function onDrain(wake: () => void): () => void {
  state.wakers.add(wake);
  return () => state.wakers.delete(wake);
}

export function beginDrain(): void {
  if (state.draining) return;
  state.draining = true;
  log.info('draining: open long polls answered, new ones answered at once, readiness 503', { longPolls: state.wakers.size });
  for (const wake of state.wakers) wake();
  state.wakers.clear();
}

/** Default LEDGER_SHUTDOWN_DELAY_MS: a few health-check intervals of a typical balancer. */
const SHUTDOWN_DELAY_MS_DEFAULT = 5_000;

export function shutdownDelayMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.LEDGER_SHUTDOWN_DELAY_MS);
  return env.LEDGER_SHUTDOWN_DELAY_MS !== undefined && Number.isFinite(value) && value >= 0 ? value : SHUTDOWN_DELAY_MS_DEFAULT;
}

/**
 * Called once at start-up (instrumentation.ts), after `next start` has installed its signal
 * handlers: they are taken off and called only after the drain delay.
 */
export function drainOnSignals(delayMs = shutdownDelayMs()): void {
  if (state.installed) return;
  state.installed = true;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    const framework = process.listeners(signal);
    for (const listener of framework) process.off(signal, listener);
    process.once(signal, () => {
      beginDrain();
      setTimeout(() => {
        log.info('drained: closing the server', { signal });
        if (framework.length === 0) process.exit(signal === 'SIGTERM' ? 143 : 130);
        for (const listener of framework) listener(signal);
      }, delayMs);
    });
  }
}
