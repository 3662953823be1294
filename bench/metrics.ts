// The cost of the Prometheus metrics, in this process: what the route wrapper adds to each
// request (observeRequest: one counter and one histogram), and what one scrape costs with a
// realistic number of series. `node --import tsx bench/metrics.ts`; compare the per-request
// figure with the read-quote latency of `npm run bench -- http` (tens of milliseconds).
import { metrics, observeRequest } from '@/lib/metrics/registry';

const ROUTES = 40;
const STATUSES = [200, 202, 400, 404, 409];
const CALLS = 2_000_000;

function perCallNs(calls: number, fn: (i: number) => void): number {
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) fn(i);
  return Number(process.hrtime.bigint() - started) / calls;
}

const routes = Array.from({ length: ROUTES }, (_, i) => `/api/v1/ledger/route-${i}/{id}`);
const observe = (i: number) => observeRequest('GET', routes[i % ROUTES]!, STATUSES[i % STATUSES.length]!, (i % 200) + 0.5);
perCallNs(200_000, observe); // warm-up: JIT, and every series exists
const observeNs = perCallNs(CALLS, observe);
const baselineNs = perCallNs(CALLS, (i) => void `${routes[i % ROUTES]}${STATUSES[i % STATUSES.length]}`);

const { registry } = metrics();
await registry.metrics();
const scrapes = 50;
const started = performance.now();
let bytes = 0;
for (let i = 0; i < scrapes; i++) bytes = (await registry.metrics()).length;
const scrapeMs = (performance.now() - started) / scrapes;

console.log(`observeRequest: ${(observeNs - baselineNs).toFixed(0)} ns per request (${observeNs.toFixed(0)} ns with the loop's own work)`);
console.log(
  `scrape of ${ROUTES * STATUSES.length} route×status series (+ histograms, process metrics): ${scrapeMs.toFixed(2)} ms, ${(bytes / 1024).toFixed(0)} KiB`,
);
