import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TYPES_FILE, typesFor } from '@/examples/typed-client/generate-types';
import { baseUrl } from '../support/api';

// The typed-client example (examples/typed-client) is what a consumer copies: its types must be
// those of the document the app serves, it must compile under strict mode without casts, and it
// must walk a quote to an issued policy against this stack.

const EXAMPLE_DIR = path.join(process.cwd(), 'examples', 'typed-client');

function run(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

describe('the typed client example', () => {
  it('has the types of the served document (regenerate with npm run api:types)', async () => {
    const response = await fetch(`${baseUrl()}/api/v1/ledger/openapi.json`);
    const served = await typesFor((await response.json()) as Record<string, unknown>);
    expect(readFileSync(TYPES_FILE, 'utf8') === served, 'examples/typed-client/ledger-api.d.ts is stale: npm run api:types').toBe(true);
  });

  it('compiles under tsc --strict and uses no cast', async () => {
    const source = readFileSync(path.join(EXAMPLE_DIR, 'walk.ts'), 'utf8');
    expect(source).not.toMatch(/\bas (?!const\b)[A-Za-z{[(]|<any>|: any\b|@ts-(ignore|expect-error)/);
    const tsc = await run([path.join('node_modules', 'typescript', 'bin', 'tsc'), '-p', path.join(EXAMPLE_DIR, 'tsconfig.json')]);
    expect(tsc.output).toBe('');
    expect(tsc.code).toBe(0);
  });

  it('walks a home quote to an issued policy with openapi-fetch', async () => {
    const walk = await run(['--import', 'tsx', path.join(EXAMPLE_DIR, 'walk.ts')], { ...process.env, LEDGER_BASE_URL: baseUrl() });
    expect(walk.code, walk.output).toBe(0);
    const result = JSON.parse(walk.output.trim().split('\n').pop()!) as Record<string, unknown>;
    expect(result).toMatchObject({ currency: 'GBP', policyStatus: 'active' });
    expect(result.policyNumber).toMatch(/^ACME-HOME-\d{4}-\d{6}$/);
    expect(result.quoteId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
