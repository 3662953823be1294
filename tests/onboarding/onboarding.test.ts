import { execFile } from 'node:child_process';
import { chromium, type Browser, type Page } from '@playwright/test';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers */

// The first day of an installation (tests/onboarding/global-setup.ts: a fresh, migrated database
// with nothing seeded): the operator creates a tenant, an API client and an admin user with the
// command only; the client gets a token and creates a quote; the admin signs in to the pages and
// creates a broker user there; the broker sets a password through the one-time link, signs in
// and sees only its own tenant's quotes.

const onboarding = inject('onboarding');
const [app0, app1] = onboarding.appUrls as [string, string];
const API = '/api/v1/ledger';
let browser: Browser;

interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

function admin(...args: string[]): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '-s', 'admin', '--', ...args],
      { env: { ...process.env, ...onboarding.commandEnv }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function adminJson(...args: string[]): Promise<any> {
  const result = await admin(...args, '--json');
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

async function token(clientId: string, secret: string, appUrl = app0): Promise<string> {
  const response = await fetch(`${appUrl}/api/v1/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function createQuote(tenant: string, bearer: string, lastName: string): Promise<any> {
  const headers = { authorization: `Bearer ${bearer}`, 'x-tenant-id': tenant, 'content-type': 'application/json' };
  const products = (await (await fetch(`${app0}${API}/products`, { headers })).json()) as any;
  const payload = structuredClone(products.data.find((product: any) => product.code === 'home').example);
  payload.customer.lastName = lastName;
  const created = await fetch(`${app0}${API}/sales/policies/create`, { method: 'POST', headers, body: JSON.stringify(payload) });
  expect(created.status).toBe(200);
  return created.json();
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${app0}/signin`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('tenant').waitFor();
}

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
});

afterAll(async () => {
  await browser?.close();
});

describe('a fresh installation', () => {
  it('has nobody to sign in as before the command runs', async () => {
    const response = await fetch(`${app0}/api/v1/auth/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'acme-broker', client_secret: 'acme-broker-secret' }),
    });
    expect(response.status).toBe(401);
  });

  it('the command refuses clearly: unknown tenant, duplicate id, bad usage, each with a non-zero exit', async () => {
    const unknown = await admin('client', 'create', 'nowhere', 'nowhere-api', '--roles', 'broker');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Tenant nowhere was not found');
    const usage = await admin('client', 'create', 'nowhere');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run admin');
  });

  it('the command creates a tenant, a client and an admin; the client quotes; the admin creates a broker in the pages, who sees only its tenant', async () => {
    const tenant = await adminJson('tenant', 'create', 'initech', 'Initech MGA', '--brand-color', '#b45309');
    expect(tenant).toMatchObject({ created: true, tenant: { tag: 'initech', name: 'Initech MGA' } });
    expect(await adminJson('tenant', 'create', 'initech', 'Initech MGA')).toMatchObject({ created: false });
    const client = await adminJson('client', 'create', 'initech', 'initech-api', '--roles', 'broker');
    expect(client.secret).toMatch(/^lcs_/);
    const duplicate = await admin('client', 'create', 'initech', 'initech-api', '--roles', 'broker');
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('already taken');
    const firstAdmin = await adminJson('user', 'create', 'initech', 'admin@initech.test', '--roles', 'admin', '--name', 'Ines Admin');
    expect(firstAdmin.password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    // The secrets are stored only as hashes.
    const db = new pg.Client({ connectionString: onboarding.databaseUrl });
    await db.connect();
    const stored = await db
      .query(`SELECT "secretHash" AS hash FROM "ApiClient" UNION ALL SELECT "passwordHash" FROM "User"`)
      .finally(() => db.end());
    for (const row of stored.rows) expect(row.hash).toMatch(/^\$argon2id\$/);

    // A second tenant, so there is something not to see.
    await adminJson('tenant', 'create', 'umbrella', 'Umbrella Brokers');
    const other = await adminJson('client', 'create', 'umbrella', 'umbrella-api', '--roles', 'broker');
    await createQuote('umbrella', await token('umbrella-api', other.secret), 'Umbrella-Customer');

    const bearer = await token('initech-api', client.secret);
    const quote = await createQuote('initech', bearer, 'Initech-Customer');
    expect(quote.policy.id).toMatch(/^[0-9a-f-]{36}$/);

    const adminPage = await (await browser.newContext()).newPage();
    await signIn(adminPage, 'admin@initech.test', firstAdmin.password);
    await adminPage.getByRole('link', { name: 'Administration' }).click();
    const form = adminPage.getByRole('form', { name: 'New user' });
    await form.getByLabel('E-mail').fill('broker@initech.test');
    await form.getByLabel('Name').fill('Bo Broker');
    await form.getByLabel('Role').selectOption('broker');
    await form.getByRole('button', { name: 'Create user' }).click();
    const link = (await adminPage.getByTestId('password-link').textContent())!;
    expect(link.startsWith(`${app0}/set-password/`)).toBe(true);

    const brokerPage = await (await browser.newContext()).newPage();
    await brokerPage.goto(link);
    await brokerPage.getByLabel('New password').fill('a-broker-password-1');
    await brokerPage.getByLabel('Repeat the password').fill('a-broker-password-1');
    await brokerPage.getByRole('button', { name: 'Set password' }).click();
    await brokerPage.getByText('Your password is set').waitFor();
    // The link works once.
    const again = await (await browser.newContext()).newPage();
    await again.goto(link);
    await again.getByLabel('New password').fill('another-password-2');
    await again.getByLabel('Repeat the password').fill('another-password-2');
    await again.getByRole('button', { name: 'Set password' }).click();
    await again.getByRole('alert').filter({ hasText: 'not valid any more' }).waitFor();

    await signIn(brokerPage, 'broker@initech.test', 'a-broker-password-1');
    expect(await brokerPage.getByTestId('tenant').textContent()).toBe('Tenant: initech');
    await brokerPage.goto(`${app0}/quotes`);
    await brokerPage.getByText('Initech-Customer').first().waitFor();
    expect(await brokerPage.getByText('Umbrella-Customer').count()).toBe(0);
    expect(await brokerPage.getByRole('link', { name: 'Administration' }).count()).toBe(0);
  });
});

describe('the per-tenant rate limit across two app processes', () => {
  it(`admits a tenant about ${onboarding.rateLimitRps} requests per second in total, not per process`, async () => {
    await adminJson('tenant', 'create', 'flood', 'Flood Test');
    const client = await adminJson('client', 'create', 'flood', 'flood-api', '--roles', 'broker');
    const bearer = await token('flood-api', client.secret);
    const headers = { authorization: `Bearer ${bearer}`, 'x-tenant-id': 'flood' };
    const statuses: number[] = [];
    const retryAfters: (string | null)[] = [];
    const REQUESTS = 120;
    let next = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 12 }, async () => {
        while (next < REQUESTS) {
          const appUrl = next++ % 2 === 0 ? app0 : app1;
          const response = await fetch(`${appUrl}${API}/sales/decline-reasons`, { headers });
          await response.arrayBuffer();
          statuses.push(response.status);
          if (response.status === 429) retryAfters.push(response.headers.get('retry-after'));
        }
      }),
    );
    const elapsedSeconds = (Date.now() - started) / 1000;
    const admitted = statuses.filter((status) => status === 200).length;
    console.info(`rate limit: ${admitted} of ${REQUESTS} admitted in ${elapsedSeconds.toFixed(2)} s across two processes`);
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
    // One-second windows shared by both processes: at most the rate per window started.
    const windows = Math.ceil(elapsedSeconds) + 1;
    expect(admitted).toBeGreaterThan(0);
    expect(admitted).toBeLessThanOrEqual(onboarding.rateLimitRps * windows);
    // Limited per process only, the two would have let their bursts and refills through:
    // 2 × (2 × rate) at once plus 2 × rate per second (all 120 here); the shared windows did not.
    const perProcessOnly = Math.min(REQUESTS, 4 * onboarding.rateLimitRps + 2 * onboarding.rateLimitRps * elapsedSeconds);
    expect(admitted).toBeLessThan(perProcessOnly);
    expect(retryAfters.every((value) => Number(value) >= 1)).toBe(true);
  });
});
