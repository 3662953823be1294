import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call, tokenFor } from '../support/api';
import { createQuote, examplePayload, issuePolicy } from '../support/lifecycle';
import { hasMetric, sumSamples } from './metrics-text';
import type { WorkerLane } from './processes';

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers */

// The production shape (tests/production/global-setup.ts): Debian's PostgreSQL server, two app
// processes behind a health-checked round-robin balancer, one worker per lane.

const production = inject('production');
const [app0, app1] = production.appUrls as [string, string];
const API = '/api/v1/ledger';
let token: string;

async function direct(
  appUrl: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(`${appUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { authorization: `Bearer ${token}`, 'x-tenant-id': 'acme', 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

async function scrapeApp(appUrl: string): Promise<string> {
  const response = await fetch(`${appUrl}/api/metrics`, { headers: { authorization: `Bearer ${production.metricsToken}` } });
  expect(response.status).toBe(200);
  return response.text();
}

async function scrapeWorker(lane: WorkerLane): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${production.workerMetricsPorts[lane]}/metrics`, {
    headers: { authorization: `Bearer ${production.metricsToken}` },
  });
  expect(response.status).toBe(200);
  return response.text();
}

async function control(path: string): Promise<any> {
  const response = await fetch(`${production.controlUrl}${path}`, { method: 'POST' });
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body;
}

async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms`);
}

beforeAll(async () => {
  token = await tokenFor('acme-broker');
});

describe('health', () => {
  it('each app process is live and ready: migrations current, database and queue reachable', async () => {
    for (const appUrl of [app0, app1]) {
      const live = await fetch(`${appUrl}/api/health`);
      expect(live.status).toBe(200);
      const ready = await fetch(`${appUrl}/api/ready`);
      expect(ready.status).toBe(200);
      expect(ready.headers.get('cache-control')).toBe('no-store');
      expect(await ready.json()).toEqual({ ready: true, checks: { accepting: true, database: true, migrations: true, queue: true } });
    }
  });

  it('metrics answer only with the token, on the apps and on the workers’ own ports', async () => {
    expect((await fetch(`${app0}/api/metrics`)).status).toBe(401);
    expect((await fetch(`${app0}/api/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${production.workerMetricsPorts.general}/metrics`)).status).toBe(401);
    const text = await scrapeApp(app0);
    for (const name of [
      'ledger_http_requests_total',
      'ledger_http_request_duration_seconds',
      'ledger_rate_limited_total',
      'ledger_long_polls_open',
      'ledger_db_pool_connections',
      'ledger_jobs_queued',
      'ledger_jobs_oldest_age_seconds',
      'ledger_worker_heartbeat_age_seconds',
      'ledger_database_up',
    ]) {
      expect(hasMetric(text, name), name).toBe(true);
    }
    expect(sumSamples(text, 'ledger_database_up')).toBe(1);
    expect(sumSamples(text, 'ledger_db_pool_connections', { state: 'max' })).toBe(10);
  });
});

describe('browser security', () => {
  it('pages carry a nonce CSP and the other headers; ledger answers are not stored', async () => {
    const page = await fetch(`${app0}/signin`);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(page.headers.get('permissions-policy')).toContain('camera=()');
    expect(page.headers.get('strict-transport-security')).toBeNull();
    const again = (await fetch(`${app0}/signin`)).headers.get('content-security-policy');
    expect(again, 'a fresh nonce per page').not.toBe(policy);
    // Behind a TLS-terminating proxy that says so, pages get HSTS.
    const overHttps = await fetch(`${app0}/signin`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(overHttps.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const personal = await direct(app0, `${API}/sales/policies?pageSize=1`);
    expect(personal.status).toBe(200);
    expect(personal.headers.get('cache-control')).toBe('no-store');
    expect(personal.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('compression', () => {
  it('an app gzips answers for clients that ask, and one started with LEDGER_HTTP_COMPRESSION=off sends them as they are', async () => {
    const answers = [];
    for (const appUrl of [app0, app1]) {
      const response = await fetch(`${appUrl}${API}/products`, {
        headers: { authorization: `Bearer ${token}`, 'x-tenant-id': 'acme', 'accept-encoding': 'gzip' },
      });
      expect(response.status).toBe(200);
      // fetch decodes the body and keeps the header: what the app sent, and what it said.
      answers.push({ encoding: response.headers.get('content-encoding'), body: await response.json() });
    }
    expect(answers[0]!.encoding).toBe('gzip');
    expect(answers[1]!.encoding).toBeNull();
    expect(answers[1]!.body).toEqual(answers[0]!.body);
    expect(answers[0]!.body.data.length).toBeGreaterThan(0);
  });
});

describe('two app processes on one PostgreSQL server', () => {
  it('a quote created through one app process is long-polled and issued through the other', async () => {
    const created = await direct(app0, `${API}/sales/policies/create`, { body: await examplePayload(token, 'home') });
    expect(created.status).toBe(200);
    const id = created.body.policy.id as string;
    const actions = await direct(app1, `${API}/sales/policies/actions/${id}?longPolling=true`);
    expect(actions.status).toBe(200);
    expect((await direct(app0, `${API}/sales/policies/${id}/calculate`, { body: {} })).status).toBe(200);
    expect((await direct(app0, `${API}/sales/policies/${id}/bind`, { body: {} })).status).toBe(200);
    const issued = await direct(app0, `${API}/sales/policies/${id}/issue`, { body: {} });
    expect(issued.status).toBe(200);
    const startedMs = Date.now();
    const settled = await direct(app1, `${API}/requests/${issued.body.requestId}?longPolling=true`);
    expect(settled.status).toBe(200);
    expect(settled.body.status).toBe('success');
    process.stderr.write(`[production] issue answered through the other app process in ${Date.now() - startedMs} ms\n`);
  });

  it('a lifecycle moves the request, job and document counters; both lanes’ heartbeats show', async () => {
    const requestsBefore =
      sumSamples(await scrapeApp(app0), 'ledger_http_requests_total') + sumSamples(await scrapeApp(app1), 'ledger_http_requests_total');
    const jobsBefore = sumSamples(await scrapeWorker('general'), 'ledger_jobs_finished_total', { outcome: 'done' });
    const documentsBefore = sumSamples(await scrapeWorker('documents'), 'ledger_documents_rendered_total');

    await issuePolicy(token, 'travel');

    const requestsAfter =
      sumSamples(await scrapeApp(app0), 'ledger_http_requests_total') + sumSamples(await scrapeApp(app1), 'ledger_http_requests_total');
    // Create, actions (1+), calculate, bind, issue, request poll (1+): at least six (the products are cached).
    expect(requestsAfter - requestsBefore).toBeGreaterThanOrEqual(6);
    const issueCounted = sumSamples(await scrapeApp(app0), 'ledger_http_requests_total', {
      route: '/api/v1/ledger/sales/policies/{id}/issue',
      status: '200',
    });
    expect(
      issueCounted +
        sumSamples(await scrapeApp(app1), 'ledger_http_requests_total', {
          route: '/api/v1/ledger/sales/policies/{id}/issue',
          status: '200',
        }),
    ).toBeGreaterThanOrEqual(1);
    // Preparing the quote and issuing it: two general-lane jobs at least.
    expect(
      sumSamples(await scrapeWorker('general'), 'ledger_jobs_finished_total', { outcome: 'done' }) - jobsBefore,
    ).toBeGreaterThanOrEqual(2);
    await eventually(
      'documents of the new policy rendered',
      async () => (sumSamples(await scrapeWorker('documents'), 'ledger_documents_rendered_total') > documentsBefore ? true : undefined),
      60_000,
    );
    const text = await scrapeApp(app1);
    for (const lane of ['general', 'documents']) {
      const age = sumSamples(text, 'ledger_worker_heartbeat_age_seconds', { lane });
      expect(text, `a heartbeat of the ${lane} lane`).toMatch(new RegExp(`ledger_worker_heartbeat_age_seconds\\{[^}]*lane="${lane}"`));
      expect(age).toBeLessThan(15);
    }
  });
});

describe('a worker killed', () => {
  it('with the documents worker killed the general lane carries on; a new documents worker renders what waited', async () => {
    await control('/workers/documents/kill');
    let id: string;
    try {
      ({ id } = await issuePolicy(token, 'home'));
      // The issue queued its documents; no documents worker runs, so they wait, visible to every app process.
      const waiting = sumSamples(await scrapeApp(app0), 'ledger_jobs_queued', { lane: 'documents' });
      expect(waiting).toBeGreaterThanOrEqual(1);
    } finally {
      await control('/workers/documents/start');
    }
    await eventually(
      'the waiting documents rendered by the new worker',
      async () => {
        const docs = await call(`${API}/policies/${id}/documents`, { token });
        // Listed as pending from the issue on; stored once the new worker rendered them.
        const stored =
          docs.status === 200 && Array.isArray(docs.body.data)
            ? docs.body.data.filter((doc: { status: string }) => doc.status === 'stored')
            : [];
        return stored.length > 0 ? true : undefined;
      },
      60_000,
    );
    expect(sumSamples(await scrapeWorker('documents'), 'ledger_documents_rendered_total')).toBeGreaterThanOrEqual(1);
  });
});

describe('graceful shutdown and rolling restart', () => {
  it('on SIGTERM an app process answers its open long polls at once, then exits', async () => {
    // Without a general worker the quote stays in enrichment, so its long poll would be held 25 s.
    await control('/workers/general/kill');
    try {
      await expectLongPollAnsweredOnSigterm();
    } finally {
      await control('/workers/general/start');
    }
  });

  async function expectLongPollAnsweredOnSigterm() {
    const id = await createQuote(token, 'pet');
    const held = direct(app0, `${API}/sales/policies/actions/${id}?longPolling=true`).then((answer) => ({ ...answer, atMs: Date.now() }));
    await eventually(
      'the long poll held open',
      async () => (sumSamples(await scrapeApp(app0), 'ledger_long_polls_open') >= 1 ? true : undefined),
      10_000,
    );
    const signalledMs = Date.now();
    const restarting = control('/apps/0/restart');
    const answer = await held;
    expect(answer.status).toBe(202);
    expect(answer.atMs - signalledMs).toBeLessThan(5_000);
    const restart = await restarting;
    expect(restart.stopMs).toBeLessThan(10_000);
  }

  it('restarting each app process in turn under load loses no request', async () => {
    const failures: string[] = [];
    let sent = 0;
    let longPollsAskedAgain = 0;
    let stop = false;
    const client = async () => {
      while (!stop) {
        const steps: (() => Promise<{ status: number; text: string }>)[] = [];
        let id = '';
        steps.push(async () => {
          const created = await call(`${API}/sales/policies/create`, { token, body: await examplePayload(token, 'home') });
          id = created.status === 200 ? created.body.policy.id : '';
          return created;
        });
        // 202 (not ready yet) is a right answer to a long poll, e.g. from a process shutting down: ask again, as clients do.
        steps.push(async () => {
          for (let attempt = 1; ; attempt++) {
            const actions = await call(`${API}/sales/policies/actions/${id}?longPolling=true`, { token });
            if (actions.status !== 202 || attempt === 5) return actions;
            sent++;
            longPollsAskedAgain++;
          }
        });
        steps.push(() => call(`${API}/sales/policies/${id}`, { token }));
        steps.push(() => call(`${API}/sales/policies/${id}/calculate`, { token, body: {} }));
        for (const step of steps) {
          sent++;
          try {
            const result = await step();
            if (result.status !== 200) failures.push(`${result.status} ${result.text.slice(0, 200)}`);
          } catch (error) {
            failures.push(error instanceof Error ? `${error.message} ${String(error.cause)}` : String(error));
          }
          if (!id) break;
        }
      }
    };
    const clients = Array.from({ length: 6 }, client);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const restarts = [await control('/apps/0/restart'), await control('/apps/1/restart')];
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    stop = true;
    await Promise.all(clients);
    process.stderr.write(
      `[production] rolling restart: ${sent} requests, ${failures.length} failed, ${longPollsAskedAgain} long polls answered 202 and asked again; restarts ${JSON.stringify(restarts)}\n`,
    );
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(40);
  });
});
