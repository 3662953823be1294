// Lints the OpenAPI document exactly as GET /api/v1/ledger/openapi.json serves it, with
// redocly (redocly.yaml) and spectral's OpenAPI rules (.spectral.yaml). Exits non-zero on an error, or on
// a spectral warning: each names a gap that an integrator's generator or gateway may trip on.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openApiDocument } from '../lib/api/openapi';

const directory = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
const file = path.join(directory, 'openapi.json');
writeFileSync(file, JSON.stringify(openApiDocument(), null, 2));
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_UPDATE_NOTIFIER: '1' };
const bin = (name: string) => path.join(process.cwd(), 'node_modules', '.bin', name);

function run(command: string, args: string[]): number {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  return result.status ?? 1;
}

const startedMs = performance.now();
const redocly = run(bin('redocly'), ['lint', file, '--config', 'redocly.yaml', '--format', 'stylish']);
const spectral = run(bin('spectral'), ['lint', file, '--ruleset', '.spectral.yaml', '--fail-severity', 'warn']);
rmSync(directory, { recursive: true, force: true });
console.log(
  `openapi lint: redocly ${redocly === 0 ? 'ok' : 'FAILED'}, spectral ${spectral === 0 ? 'ok' : 'FAILED'} (${Math.round(performance.now() - startedMs)} ms)`,
);
process.exit(redocly === 0 && spectral === 0 ? 0 : 1);
