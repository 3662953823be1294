import fc from 'fast-check';

// Every property test of a run draws from one seed: LEDGER_FC_SEED when set (to repeat a failed
// run), otherwise the random one vitest.config.ts chose and printed at the start. A failing
// property reports its seed and path (fast-check's message), so a log always says how to repeat it.

const seed = Number(process.env.LEDGER_FC_SEED);
if (!Number.isSafeInteger(seed)) throw new Error(`LEDGER_FC_SEED must be an integer, got ${process.env.LEDGER_FC_SEED}`);
fc.configureGlobal({ seed });
