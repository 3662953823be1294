import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../../scripts/stack';
import { call, tokenFor } from '../support/api';
import { withDatabase } from '../support/db';
import { createQuote } from '../support/lifecycle';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { sleep, startChaosStack } from './stack';

// SIGKILL the webhook workers (and the general ones that produce the events) again and again
// while deliveries run: every event is still delivered at least once, every copy of an event
// carries the same webhook-id and the same signed body, and no delivery is left pending.
// A short lease lets a dead worker's delivery job run again soon. Besides kills at random
// moments, the receiver itself kills the webhook worker while that worker waits for its answer
// (three of the requests): a send whose attempt was never recorded, so it is sent again, which is
// where duplicates come from.

const LEASE_MS = 1_500;
const QUOTES = 18;
const CHAOS_MS = Number(process.env.LEDGER_CHAOS_MS ?? 15_000);
const SETTLE_MS = 60_000;
const TYPES = ['quote.created', 'quote.calculated'];

let stack: RunningStack;
let receiver: Receiver;
const alive = (worker: ChildProcess) => worker.exitCode === null && worker.signalCode === null;
let lanes: { general: ChildProcess[]; webhooks: ChildProcess[] };
let midDeliveryKills = 0;

function killMidDelivery(): void {
  for (const worker of lanes.webhooks.filter(alive)) {
    worker.kill('SIGKILL');
    midDeliveryKills++;
  }
  lanes.webhooks.push(stack.startWorker('webhooks'));
}

beforeAll(async () => {
  stack = await startChaosStack(
    'webhook-delivery',
    { LEDGER_JOB_LEASE_MS: String(LEASE_MS), LEDGER_FAULT_JOB_DELAY_MS: '100', WORKER_CONCURRENCY: '4' },
    1,
  );
  receiver = await startReceiver(() => 200, { delayMs: 150 });
  receiver.answer = (index) => {
    // Three times, whenever deliveries happen (the random kills may keep the lane down until they stop).
    if (index % 5 === 2 && midDeliveryKills < 3) killMidDelivery();
    return 200;
  };
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
});

describe('worker crashes during webhook deliveries', () => {
  it('every event is delivered at least once; duplicates carry the same webhook-id; nothing stays pending', async () => {
    const admin = await tokenFor('acme-admin');
    const broker = await tokenFor('acme-broker');
    const created = await call('/api/v1/ledger/webhooks', { token: admin, body: { url: receiver.url, eventTypes: TYPES } });
    expect(created.status, created.text).toBe(201);
    const subscription = created.body as { id: string; secret: string };

    // The kills hit general and webhooks workers (replacements join these lists).
    lanes = { general: stack.workersIn('general'), webhooks: stack.workersIn('webhooks') };
    let kills = 0;
    let stopChaos = false;
    const chaos = (async () => {
      const until = Date.now() + CHAOS_MS;
      while (!stopChaos && Date.now() < until) {
        await sleep(200 + Math.random() * 500);
        const lane = Math.random() < 0.7 ? 'webhooks' : 'general';
        const live = lanes[lane].filter(alive);
        const victim = live[Math.floor(Math.random() * live.length)];
        if (victim) {
          victim.kill('SIGKILL');
          kills++;
        }
        for (const name of ['general', 'webhooks'] as const) {
          if (lanes[name].filter(alive).length < 2) lanes[name].push(stack.startWorker(name));
        }
      }
    })();
    const ids: string[] = [];
    for (let batch = 0; batch < QUOTES / 3; batch++) {
      ids.push(
        ...(await Promise.all(Array.from({ length: 3 }, (_, index) => createQuote(broker, (['home', 'travel', 'pet'] as const)[index])))),
      );
      await sleep(CHAOS_MS / (QUOTES / 3) / 2);
    }
    await chaos;
    stopChaos = true;
    for (const name of ['general', 'webhooks'] as const) if (lanes[name].filter(alive).length === 0) stack.startWorker(name);

    // Everything settles without help once the killing stops.
    const deadline = Date.now() + SETTLE_MS;
    let open = -1;
    while (Date.now() < deadline) {
      open = await withDatabase(async (client) =>
        Number(
          (
            await client.query(`SELECT count(*) AS n FROM "WebhookDelivery" WHERE "subscriptionId" = $1 AND status <> 'delivered'`, [
              subscription.id,
            ])
          ).rows[0].n,
        ),
      );
      const createdOnes = receiver.received.filter((entry) => entry.body?.type === 'quote.created' && ids.includes(entry.body.data.id));
      if (open === 0 && new Set(createdOnes.map((entry) => entry.body.data.id)).size === QUOTES) break;
      await sleep(250);
    }
    expect(kills).toBeGreaterThan(3);
    expect(midDeliveryKills).toBeGreaterThan(0);
    expect(open, 'deliveries not delivered after the chaos').toBe(0);

    const events = await withDatabase(
      async (client) =>
        (
          await client.query<{ eventId: string; policyId: string; type: string }>(
            `SELECT d."eventId", e.payload->'data'->>'id' AS "policyId", e.type FROM "WebhookDelivery" d
           JOIN "OutboundEvent" e ON e.id = d."eventId" WHERE d."subscriptionId" = $1`,
            [subscription.id],
          )
        ).rows,
    );
    // Each quote was created, and prepared (calculated or referred), once: a delivery for each created.
    for (const id of ids)
      expect(
        events.filter((event) => event.policyId === id && event.type === 'quote.created'),
        id,
      ).toHaveLength(1);

    const payloads = receiver.verifiedWith(subscription.secret) as { id: string }[];
    const receivedIds = new Set(receiver.received.map((entry) => entry.webhookId));
    for (const event of events) expect(receivedIds.has(event.eventId), `event ${event.eventId} (${event.type}) never arrived`).toBe(true);
    const byId = new Map<string, Set<string>>();
    receiver.received.forEach((entry, index) => {
      // Every copy is the same message: its webhook-id is the event's id, and its body is the same bytes.
      expect(entry.webhookId).toBe(payloads[index]!.id);
      byId.set(entry.webhookId, (byId.get(entry.webhookId) ?? new Set()).add(entry.raw));
    });
    for (const bodies of byId.values()) expect(bodies.size).toBe(1);
    const duplicates = receiver.received.length - byId.size;
    process.stderr.write(
      `[webhook chaos] ${kills} kills, ${events.length} events, ${receiver.received.length} requests, ${duplicates} duplicates\n`,
    );
  }, 240_000);
});
