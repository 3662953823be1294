// `npm run test:api:repeat -- 10`: the API tests N times in a row, each exactly as
// `npm run test:api` runs them (a fresh stack of their own; the build is reused) with a fresh
// random fast-check seed, printing every seed and the runs that failed. Not part of `npm test`:
// it shows that the API layer passes run after run, not only once.
import { spawn } from 'node:child_process';
import path from 'node:path';

process.env.NEXT_TELEMETRY_DISABLED = '1';

const runs = Number(process.argv[2] ?? '10');
if (!Number.isSafeInteger(runs) || runs < 1) throw new Error(`The number of runs must be a whole number ≥ 1, got ${process.argv[2]}`);

function runApiTests(seed: string): Promise<number> {
  // Without LEDGER_BASE_URL the API project's global setup starts a stack of its own.
  const { LEDGER_BASE_URL: _baseUrl, DATABASE_URL: _databaseUrl, ...env } = process.env;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(process.cwd(), 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'api'], {
      stdio: 'inherit',
      env: { ...env, LEDGER_FC_SEED: seed },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const results: { seed: string; code: number }[] = [];
for (let run = 1; run <= runs; run++) {
  const seed = String(Math.floor(Math.random() * 2 ** 31));
  console.log(`\nAPI run ${run} of ${runs}, fast-check seed ${seed}`);
  results.push({ seed, code: await runApiTests(seed) });
}

for (const [index, result] of results.entries()) {
  console.log(`run ${index + 1}: seed ${result.seed} ${result.code === 0 ? 'passed' : 'FAILED'}`);
}
const failed = results.filter((result) => result.code !== 0).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
