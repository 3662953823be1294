import { fillPolicies, sampleIds, tenantIdOf, warmRows } from './bulk';
import { brokerClient, calculatedQuotes, homeExample, TENANT } from './client';
import { stackCpu, type CpuGroups } from './cpu-budget';
import { runBench, startBenchStack, withStackDatabase } from './stack';

// One size of the reads at scale (./scale.ts), in a process of its own: a stack is seeded through
// the process's one Prisma client, which stays bound to the first stack's database, so a second
// stack needs a second process. It starts a bench stack, fills the demo tenant's policies to the
// size asked, warms a sample of them, and tells its parent where to load. It then answers its
// stack's CPU whenever asked, and stops its stack when told.

/** How many random quotes the reads pick from, each read once before the runs. */
const SAMPLE_SIZE = 5_000;

export interface ScaleStackReady {
  baseUrl: string;
  databaseUrl: string;
  headers: Record<string, string>;
  sample: string[];
  /** PostgreSQL's `huge_pages_status`: whether its shared buffers are mapped in huge pages. */
  hugePages: string;
}

export type ScaleStackRequest = 'cpu' | 'stop';
export type ScaleStackMessage = { ready: ScaleStackReady } | { cpu: CpuGroups };

if (process.send) {
  runBench(async () => {
    const policies = Number(process.argv[2]);
    if (!Number.isInteger(policies) || policies < 1) throw new Error(`scale-stack takes a number of policies, not ${process.argv[2]}`);
    const say = (line: string) => console.log(line);
    const stack = await startBenchStack({ logName: `bench-scale-${policies}.log`, say });
    try {
      const client = await brokerClient(stack.baseUrl);
      const payload = await homeExample(client);
      // The row every filled policy copies: a calculated quote, as a broker's would be.
      const [template] = await calculatedQuotes(client, payload, 1);
      const tenantId = await tenantIdOf(stack.databaseUrl, TENANT);
      await fillPolicies(stack.databaseUrl, tenantId, template as string, policies, say);
      const sample = await sampleIds(stack.databaseUrl, tenantId, SAMPLE_SIZE);
      await warmRows(stack.databaseUrl, sample);
      const hugePages = await withStackDatabase(stack, async (db) =>
        String((await db.query('SHOW huge_pages_status')).rows[0].huge_pages_status),
      );
      const send = (message: ScaleStackMessage) => process.send?.(message);
      await new Promise<void>((stopped) => {
        process.on('message', (request: ScaleStackRequest) => {
          if (request === 'stop') stopped();
          else send({ cpu: stackCpu(stack, stack.dataDir) });
        });
        send({ ready: { baseUrl: stack.baseUrl, databaseUrl: stack.databaseUrl, headers: client.headers, sample, hugePages } });
      });
    } finally {
      await stack.stop();
    }
  });
}
