// `node --import tsx bench/steps-cpu.ts`: the CPU each step of the lifecycle costs, by process. Eight
// clients take STEPS_QUOTES quotes (default 400) through create, calculate, bind, issue and the
// request's long poll one step at a time, and each step is read from /proc once the background jobs
// it queued are done, so a step's figure includes its jobs (the preparation after create, the issue
// job after issue). The documents worker is stopped meanwhile (SIGSTOP): the PDFs are measured by
// `npm run bench`, and a step read beside their rendering would carry it. Two passes on one stack,
// the first warms the JIT. The empty routes run first in each pass, at the same load, so that each
// step's app figure can be read against what the framework alone takes. Prints, asserts nothing.
import { setTimeout as sleep } from 'node:timers/promises';
import { waitForIdleQueue } from './bulk';
import { API, brokerClient, expectOk, homeExample } from './client';
import { cpuPerUnit, watchCpu } from './cpu-budget';
import { runBench, startBenchStack } from './stack';

const QUOTES = Number(process.env.STEPS_QUOTES ?? 400);
const CLIENTS = 8;
/** The documents lane's tasks (lib/jobs/tasks.ts, not imported: it would open the app's database client here). */
const DOCUMENT_TASKS = ['documents.generate', 'documents.offer'];

runBench(async () => {
  const stack = await startBenchStack({ logName: 'steps-cpu-stack.log', env: { LEDGER_BENCH_ROUTES: '1' }, say: console.log });
  const documentsWorkers = stack.workersIn('documents');
  for (const worker of documentsWorkers) worker.kill('SIGSTOP');
  try {
    const client = await brokerClient(stack.baseUrl);
    const payload = await homeExample(client);
    const settle = async () => {
      await waitForIdleQueue(stack.databaseUrl, 600_000, ['housekeeping', ...DOCUMENT_TASKS]);
      await sleep(300);
    };
    for (const pass of [1, 2]) {
      const quoteIds: string[] = [];
      const requestIds: string[] = [];
      const appMs = new Map<string, number>();
      const step = async (name: string, run: (index: number) => Promise<void>) => {
        await settle();
        const watch = watchCpu(stack);
        let next = 0;
        await Promise.all(
          Array.from({ length: CLIENTS }, async () => {
            while (next < QUOTES) await run(next++);
          }),
        );
        await settle();
        const { stack: used } = watch.read();
        const { 'documents worker': _stopped, ...running } = used;
        const { perProcess, total } = cpuPerUnit(running, QUOTES, 2);
        console.log(`pass ${pass} ${name.padEnd(10)} CPU ms a quote: ${perProcess}; total ${total}`);
        appMs.set(name, (running.app ?? 0) / QUOTES);
      };
      // The empty routes at the same load and with the same client: what Next.js and Node.js take
      // for a GET by id and a POST with a body when the ledger does nothing.
      await step('empty-id', async () => {
        await expectOk('empty-id', client.get(`/api/bench/empty/${crypto.randomUUID()}`));
      });
      await step('empty-post', async () => {
        await expectOk('empty-post', client.post(`/api/bench/empty/${crypto.randomUUID()}`, {}));
      });
      await step('create', async (index) => {
        quoteIds[index] = (await expectOk('create', client.post(`${API}/sales/policies/create`, payload))).policy.id as string;
      });
      await step('calculate', async (index) => {
        await expectOk('calculate', client.post(`${API}/sales/policies/${quoteIds[index]}/calculate`, {}));
      });
      await step('bind', async (index) => {
        await expectOk('bind', client.post(`${API}/sales/policies/${quoteIds[index]}/bind`, {}));
      });
      await step('issue', async (index) => {
        requestIds[index] = (await expectOk('issue', client.post(`${API}/sales/policies/${quoteIds[index]}/issue`, {})))
          .requestId as string;
      });
      await step('poll', async (index) => {
        const request = await expectOk('poll', client.get(`${API}/requests/${requestIds[index]}?longPolling=true`));
        if (request.status !== 'success') throw new Error(`request ${requestIds[index]} is ${request.status}`);
      });
      const beyond = (name: string, empty: string) => `${name} ${(appMs.get(name)! - appMs.get(empty)!).toFixed(2)}`;
      console.log(
        `pass ${pass} the app's CPU ms beyond its empty route (a GET by id, or a POST with a body): ${[
          beyond('create', 'empty-post'),
          beyond('calculate', 'empty-post'),
          beyond('bind', 'empty-post'),
          beyond('issue', 'empty-post'),
          beyond('poll', 'empty-id'),
        ].join(', ')}`,
      );
    }
  } finally {
    for (const worker of documentsWorkers) worker.kill('SIGCONT');
    await stack.stop();
  }
});
