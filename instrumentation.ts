// Runs once when an app process starts (Next.js instrumentation hook), after `next start` has
// installed its signal handlers: the drain goes in front of them (lib/http/drain.ts).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { drainOnSignals } = await import('@/lib/http/drain');
  drainOnSignals();
}
