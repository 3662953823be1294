import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { API, expectOk, type Client } from './client';
import { percentile } from './load';
import { medianValue } from './repeat';

// The whole quote lifecycle over HTTP, as clients see it, and how soon a waiting client hears
// that the background issue job has finished.

/** create → calculate → bind → issue → long-poll the request until success; returns the request id. */
async function oneLifecycle(client: Client, payload: Record<string, unknown>): Promise<{ requestId: string; policyId: string }> {
  const created = await expectOk('create', client.post(`${API}/sales/policies/create`, payload));
  const id = created.policy.id as string;
  await expectOk('calculate', client.post(`${API}/sales/policies/${id}/calculate`, {}));
  await expectOk('bind', client.post(`${API}/sales/policies/${id}/bind`, {}));
  const issued = await expectOk('issue', client.post(`${API}/sales/policies/${id}/issue`, {}));
  const requestId = issued.requestId as string;
  for (let round = 0; round < 5; round++) {
    const request = await expectOk('request', client.get(`${API}/requests/${requestId}?longPolling=true`));
    if (request.status === 'success') return { requestId, policyId: id };
    if (request.status !== 'pending') throw new Error(`issue failed: ${JSON.stringify(request)}`);
  }
  throw new Error(`request ${requestId} stayed pending`);
}

export interface LifecycleResult {
  clients: number;
  durationS: number;
  issued: number;
  issuedPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  requestIds: string[];
}

export async function benchLifecycle(
  client: Client,
  payload: Record<string, unknown>,
  clients: number,
  durationS: number,
): Promise<LifecycleResult> {
  const deadline = performance.now() + durationS * 1000;
  const latencies: number[] = [];
  const requestIds: string[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          const { requestId } = await oneLifecycle(client, payload);
          latencies.push(performance.now() - t0);
          requestIds.push(requestId);
        } catch (error) {
          errors++;
          if (errors <= 3) console.error(`  lifecycle error: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  return {
    clients,
    durationS: Math.round(elapsedS * 10) / 10,
    issued: latencies.length,
    issuedPerSecond: latencies.length / elapsedS,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    requestIds,
  };
}

export interface NoticeResult {
  samples: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  /** Per issued policy: how many documents `GET /policies/{id}/documents` listed right after `success`. */
  listedAtSuccess: { policyId: string; count: number }[];
  /**
   * The samples whose answering request was sent before the commit's notice reached the bench: the
   * long poll was waiting and the notice woke it. The others asked after the commit, so their delay
   * is one request's round trip on the app as busy as it is. Shown apart; the target is judged on
   * all samples.
   */
  woken: { samples: number; p50: number; p99: number };
  /** When several runs make the figure: each run's p50 and p99, lowest to highest. */
  runs?: { p50s: number[]; p99s: number[] };
}

/**
 * Several runs of benchNotice as one figure, as every figure of the bench is: its p50 and p99 are
 * each the median of the runs' own (a p99 of 200 samples is their third slowest, and one slow
 * moment of the host decides it), the samples, errors and documents listed are all the runs'.
 */
export function noticeOfRuns(results: NoticeResult[]): NoticeResult {
  const p50s = medianValue(results.map((result) => result.p50));
  const p99s = medianValue(results.map((result) => result.p99));
  const woken = results.filter((result) => result.woken.samples > 0);
  return {
    samples: results.reduce((total, result) => total + result.samples, 0),
    p50: p50s.median,
    p99: p99s.median,
    max: Math.max(...results.map((result) => result.max)),
    errors: results.reduce((total, result) => total + result.errors, 0),
    listedAtSuccess: results.flatMap((result) => result.listedAtSuccess),
    woken: {
      samples: woken.reduce((total, result) => total + result.woken.samples, 0),
      p50: woken.length ? medianValue(woken.map((result) => result.woken.p50)).median : NaN,
      p99: woken.length ? medianValue(woken.map((result) => result.woken.p99)).median : NaN,
    },
    runs: { p50s: p50s.values, p99s: p99s.values },
  };
}

/**
 * Whether the documents are off the issue path: once the workers are idle, every policy lists as
 * many documents, all stored, as it listed right after its issue request said `success`.
 */
export async function documentsListedAtSuccess(
  client: Client,
  listed: NoticeResult['listedAtSuccess'],
): Promise<{ policies: number; documentsPerPolicy: number; allListedAtSuccess: boolean }> {
  let allListedAtSuccess = listed.length > 0;
  let documentsPerPolicy = 0;
  for (const { policyId, count } of listed) {
    const later = await expectOk('documents', client.get(`${API}/policies/${policyId}/documents`));
    const documents = later.data as { status: string }[];
    documentsPerPolicy = Math.max(documentsPerPolicy, documents.length);
    if (documents.length === 0 || documents.length !== count || documents.some((document) => document.status !== 'stored'))
      allListedAtSuccess = false;
  }
  return { policies: listed.length, documentsPerPolicy, allListedAtSuccess };
}

/**
 * Time from the issue job's commit to a waiting client's answer. The commit is observed as the
 * arrival of the job's first notice for the request (`settled:request:<id>` or `request:<id>`) on
 * the bench's own LISTEN connection (delivered at commit, to every listener at once); the answer
 * is when the client has the body with `success`.
 * `mode`: the API's long poll, or a client asking every `intervalMs` without it.
 */
export async function benchNotice(
  client: Client,
  databaseUrl: string,
  payload: Record<string, unknown>,
  mode: { kind: 'long-poll' } | { kind: 'poll'; intervalMs: number },
  samples: number,
  parallel: number,
): Promise<NoticeResult> {
  const listener = new pg.Client({ connectionString: databaseUrl });
  await listener.connect();
  const committedAt = new Map<string, number>();
  listener.on('notification', (message) => {
    // The settling's own notice (with the answer) and the plain one arrive together; the first counts.
    const key = (message.payload ?? '').split(' ', 1)[0]!.replace(/^settled:/, '');
    if (key.startsWith('request:') && !committedAt.has(key)) committedAt.set(key, performance.now());
  });
  await listener.query('LISTEN ledger_changes');
  const delays: number[] = [];
  const wokenDelays: number[] = [];
  const listedAtSuccess: NoticeResult['listedAtSuccess'] = [];
  let errors = 0;
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        while (next++ < samples) {
          try {
            const created = await expectOk('create', client.post(`${API}/sales/policies/create`, payload));
            const id = created.policy.id as string;
            await expectOk('calculate', client.post(`${API}/sales/policies/${id}/calculate`, {}));
            await expectOk('bind', client.post(`${API}/sales/policies/${id}/bind`, {}));
            const issued = await expectOk('issue', client.post(`${API}/sales/policies/${id}/issue`, {}));
            const requestId = issued.requestId as string;
            let answeredAt = 0;
            let askedAt = 0;
            for (let round = 0; round < 60 && !answeredAt; round++) {
              const query = mode.kind === 'long-poll' ? '?longPolling=true' : '';
              askedAt = performance.now();
              const request = await expectOk('request', client.get(`${API}/requests/${requestId}${query}`));
              if (request.status === 'success') answeredAt = performance.now();
              else if (request.status !== 'pending') throw new Error(`issue failed: ${JSON.stringify(request)}`);
              else if (mode.kind === 'poll') await sleep(mode.intervalMs);
            }
            if (!answeredAt) throw new Error(`no answer for ${requestId}`);
            // What a client finds when it lists the documents at once (after the timing above).
            const listing = await expectOk('documents', client.get(`${API}/policies/${id}/documents`));
            listedAtSuccess.push({ policyId: id, count: (listing.data as unknown[]).length });
            // On a busy machine this process may read the answer before its own copy of the notice.
            for (let waited = 0; waited < 2_000 && !committedAt.has(`request:${requestId}`); waited += 5) await sleep(5);
            const commit = committedAt.get(`request:${requestId}`);
            if (commit === undefined) throw new Error(`no notice for ${requestId}`);
            delays.push(answeredAt - commit);
            if (askedAt < commit) wokenDelays.push(answeredAt - commit);
          } catch (error) {
            errors++;
            if (errors <= 3) console.error(`  notice error: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      }),
    );
  } finally {
    await listener.end();
  }
  return {
    samples: delays.length,
    p50: percentile(delays, 50),
    p99: percentile(delays, 99),
    max: Math.max(...delays),
    errors,
    listedAtSuccess,
    woken: { samples: wokenDelays.length, p50: percentile(wokenDelays, 50), p99: percentile(wokenDelays, 99) },
  };
}
