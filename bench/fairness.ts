// `npm run bench:fairness`: can one tenant slow another? Two loads, each while another tenant
// (globex) reads a quote: one tenant (acme) asking for offer PDFs at full tilt, each a fresh render
// (new quote or new language); then clients that send wrong client secrets in a loop without
// waiting for Retry-After (twelve, then sixty-four). Prints the reader's p50 alone and under each
// load, and the ratio (the target is at most 2×).
// Loopback only; bounded in time.
import { setTimeout as sleep } from 'node:timers/promises';
import { API, brokerClient, expectOk, homeExample, type Client } from './client';
import { percentile } from './load';
import { runBench, startBenchStack } from './stack';

const READ_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const READERS = 2;
const RENDERERS = Number(process.env.BENCH_RENDERERS ?? 8);
// Enough fresh renders (two languages each) to outlast the loaded read window.
const QUOTES = Number(process.env.BENCH_OFFER_QUOTES ?? 150);
// Twelve looping guessers, then sixty-four: enough to fill the sign-in lane of one account and
// address (sixteen waiting), whose refusals must be held as well. BENCH_GUESSERS runs one count.
const GUESSER_COUNTS = process.env.BENCH_GUESSERS ? [Number(process.env.BENCH_GUESSERS)] : [12, 64];
const say = (line: string) => console.log(line);

/** Sequential reads by `READERS` clients for `seconds` (or until `stop` says so); the latencies in ms. */
async function readFor(reader: Client, id: string, seconds: number, stop: () => boolean = () => false): Promise<number[]> {
  const latencies: number[] = [];
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: READERS }, async () => {
      while (Date.now() < until && !stop()) {
        const started = performance.now();
        const answer = await fetch(`${reader.baseUrl}${API}/sales/policies/${id}`, { headers: reader.headers });
        await answer.arrayBuffer();
        if (answer.status !== 200) throw new Error(`read: ${answer.status}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
}

interface RenderTally {
  offers: number;
  limited: number;
  unavailable: number;
  other: number;
}

/** Offers for every quote in two languages, `RENDERERS` at a time, until `stop` says so. */
function renderAtFullTilt(client: Client, ids: string[], stop: () => boolean): { done: Promise<void>; tally: RenderTally } {
  const tally: RenderTally = { offers: 0, limited: 0, unavailable: 0, other: 0 };
  const work = ids.flatMap((id) => [
    { id, language: 'en' },
    { id, language: 'de' },
  ]);
  let next = 0;
  const done = Promise.all(
    Array.from({ length: RENDERERS }, async () => {
      while (!stop() && next < work.length) {
        const item = work[next++]!;
        for (;;) {
          const answer = await fetch(`${client.baseUrl}${API}/sales/policies/${item.id}/generated-documents`, {
            method: 'POST',
            headers: { ...client.headers, 'accept-language': item.language },
          });
          await answer.arrayBuffer();
          if (answer.status === 200) {
            tally.offers++;
            break;
          }
          // Over the tenant's cap or past the wait: ask again as a client would, without a pause (full tilt).
          if (answer.status === 429) tally.limited++;
          else if (answer.status === 503) tally.unavailable++;
          else {
            tally.other++;
            break;
          }
          if (stop()) break;
          await sleep(50);
        }
      }
    }),
  ).then(() => undefined);
  return { done, tally };
}

/** Wrong secrets for acme's client, `guessers` at a time, until `stop` says so. */
function guessSecrets(baseUrl: string, guessers: number, stop: () => boolean): { done: Promise<void>; statuses: Map<number, number> } {
  const statuses = new Map<number, number>();
  let guess = 0;
  const done = Promise.all(
    Array.from({ length: guessers }, async () => {
      while (!stop()) {
        const answer = await fetch(`${baseUrl}/api/v1/auth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'acme-broker', client_secret: `guess-${guess++}` }),
        });
        await answer.arrayBuffer();
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      }
    }),
  ).then(() => undefined);
  return { done, statuses };
}

async function main(): Promise<void> {
  const stack = await startBenchStack({ logName: 'bench-fairness-stack.log', say });
  try {
    const renderer = await brokerClient(stack.baseUrl, 'acme');
    const reader = await brokerClient(stack.baseUrl, 'globex');
    const payload = await homeExample(renderer);
    const readId = (await expectOk('create (reader)', reader.post(`${API}/sales/policies/create`, payload))).policy.id as string;
    const ids: string[] = [];
    for (let i = 0; i < QUOTES; i++) {
      const id = (await expectOk('create', renderer.post(`${API}/sales/policies/create`, payload))).policy.id as string;
      await expectOk('calculate', renderer.post(`${API}/sales/policies/${id}/calculate`, {}));
      ids.push(id);
    }
    // Warm both paths (the first render loads fonts; the first read compiles the route).
    await readFor(reader, readId, 2);
    const warm = await fetch(`${stack.baseUrl}${API}/sales/policies/${readId}/generated-documents`, {
      method: 'POST',
      headers: reader.headers,
    });
    await warm.arrayBuffer();

    const quiet = await readFor(reader, readId, READ_SECONDS);
    let stopping = false;
    let rendering = true;
    const load = renderAtFullTilt(renderer, ids, () => stopping);
    void load.done.then(() => (rendering = false));
    await sleep(1_000);
    // Read only while the renders are in flight: reads after the last one would flatter the figure.
    const loadStarted = Date.now();
    const loaded = await readFor(reader, readId, READ_SECONDS, () => !rendering);
    const loadedSeconds = (Date.now() - loadStarted) / 1000;
    const offersInWindow = load.tally.offers;
    stopping = true;
    await load.done;

    const quietP50 = percentile(quiet, 50);
    const loadedP50 = percentile(loaded, 50);
    say(`Offers at full tilt (${RENDERERS} at a time, tenant acme) while tenant globex reads a quote (${READERS} readers):`);
    say(`  reader p50 quiet   ${quietP50.toFixed(1)} ms  (p99 ${percentile(quiet, 99).toFixed(1)} ms, ${quiet.length} reads)`);
    say(
      `  reader p50 loaded  ${loadedP50.toFixed(1)} ms  (p99 ${percentile(loaded, 99).toFixed(1)} ms, ${loaded.length} reads in ${loadedSeconds.toFixed(1)} s, ${offersInWindow} offers done by its end)`,
    );
    if (loadedSeconds < READ_SECONDS) say(`  (the renders ran out before ${READ_SECONDS} s: raise BENCH_OFFER_QUOTES)`);
    say(`  ratio loaded/quiet ${(loadedP50 / quietP50).toFixed(2)}× (target ≤ 2×)`);
    say(
      `  renderer: ${load.tally.offers} offers, ${load.tally.limited} × 429, ${load.tally.unavailable} × 503, ${load.tally.other} other answers`,
    );

    for (const guessers of GUESSER_COUNTS) {
      const quietAgain = await readFor(reader, readId, READ_SECONDS);
      let guessing = true;
      const guesses = guessSecrets(stack.baseUrl, guessers, () => !guessing);
      await sleep(1_000);
      const underGuesses = await readFor(reader, readId, READ_SECONDS);
      guessing = false;
      await guesses.done;
      const quietAgainP50 = percentile(quietAgain, 50);
      const guessedP50 = percentile(underGuesses, 50);
      say(`Wrong client secrets (${guessers} at a time, acme's client) while tenant globex reads a quote:`);
      say(
        `  reader p50 quiet   ${quietAgainP50.toFixed(1)} ms  (p99 ${percentile(quietAgain, 99).toFixed(1)} ms, ${quietAgain.length} reads)`,
      );
      say(
        `  reader p50 loaded  ${guessedP50.toFixed(1)} ms  (p99 ${percentile(underGuesses, 99).toFixed(1)} ms, ${underGuesses.length} reads)`,
      );
      say(`  ratio loaded/quiet ${(guessedP50 / quietAgainP50).toFixed(2)}× (target ≤ 2×)`);
      say(`  guesses answered: ${[...guesses.statuses].map(([status, count]) => `${count} × ${status}`).join(', ')}`);
    }
  } finally {
    await stack.stop();
  }
}

runBench(main);
