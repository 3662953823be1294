// `node --import tsx bench/lifecycle-cpu.ts`: the lifecycle scenario (16 clients, BENCH_SECONDS,
// default 15) twice on one bench stack, each with the CPU every process spent per issued policy
// while it ran (from /proc; the documents lane keeps rendering after it, which `npm run bench`
// counts too), the bench's own clients' CPU (on the same cores) and the whole machine's busy share.
// Before the second pass the workers finish every job the first one queued, as `npm run bench`
// waits before each of its runs: a pass queues some 3,000 renders, and those more than 20 s old are
// rendered however busy the host is, so a pass beside them measures them too. Prints, asserts nothing.
import { waitForIdleQueue } from './bulk';
import { brokerClient, homeExample } from './client';
import { appThreadPerUnit, cpuPerUnit, watchCpu } from './cpu-budget';
import { benchLifecycle } from './lifecycle';
import { runBench, startBenchStack } from './stack';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);

runBench(async () => {
  const stack = await startBenchStack({ logName: 'lifecycle-cpu-stack.log', say: console.log });
  try {
    const client = await brokerClient(stack.baseUrl);
    const payload = await homeExample(client);
    for (let pass = 1; pass <= 2; pass++) {
      // A short warm-up before each pass, as `npm run bench` gives each lifecycle run: a pass that
      // starts cold after the quiet wait measures the cold start.
      await benchLifecycle(client, payload, 16, 3);
      const cpu = watchCpu(stack);
      const result = await benchLifecycle(client, payload, 16, SECONDS);
      const used = cpu.read();
      const issued = result.issuedPerSecond * SECONDS;
      const { perProcess, total } = cpuPerUnit(used.stack, issued, 1);
      console.log(
        `pass ${pass}: ${result.issuedPerSecond.toFixed(1)} issued/s, p50 ${result.p50.toFixed(0)} ms, p99 ${result.p99.toFixed(0)} ms, errors ${result.errors} | CPU ms a policy while it ran: ${perProcess}; total ${total}; the bench's clients ${(used.benchProcessMs / issued).toFixed(1)} | machine ${(used.machineBusy * 100).toFixed(0)} % busy${appThreadPerUnit(used, issued)}`,
      );
      if (pass === 1) {
        const { waitedMs, left } = await waitForIdleQueue(stack.databaseUrl, 900_000);
        console.log(
          `  the workers finished the jobs queued in ${(waitedMs / 1000).toFixed(0)} s${left > 0 ? `; ${left} still queued` : ''}`,
        );
      }
    }
  } finally {
    await stack.stop();
  }
});
