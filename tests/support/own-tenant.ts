import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { baseUrl } from './api';

// A tenant of the test's own, created as an operator would (`npm run admin`), for tests that read
// everything a tenant does (the event feed) while other test files write to the demo tenants.

/* eslint-disable @typescript-eslint/no-explicit-any -- the command's JSON answer */

function adminCommand(args: string[]): Promise<Record<string, any>> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/admin.ts', ...args, '--json'],
      { env: { ...process.env, DATABASE_URL: inject('databaseUrl') }, timeout: 60_000 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`admin ${args.join(' ')}: ${stderr || error.message}`)) : resolve(JSON.parse(stdout)),
    );
  });
}

/** Creates a fresh tenant with one broker API client; answers its tag and a token. */
export async function ownTenant(prefix: string): Promise<{ tenant: string; token: string }> {
  const tenant = `${prefix}-${randomBytes(4).toString('hex')}`;
  await adminCommand(['tenant', 'create', tenant, `${prefix} test tenant`]);
  const client = await adminCommand(['client', 'create', tenant, `${tenant}-broker`, '--roles', 'broker']);
  const response = await fetch(`${baseUrl()}/api/v1/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: `${tenant}-broker`, client_secret: client.secret }),
  });
  if (response.status !== 200) throw new Error(`token for ${tenant}: ${response.status} ${await response.text()}`);
  return { tenant, token: ((await response.json()) as { access_token: string }).access_token };
}
