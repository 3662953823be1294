// Per-area mutation score floors: ≥ 95 % rating and money, ≥ 90 % the ledger's money code and
// state machine, ≥ 85 % product tables. Stryker's own `break` is one global number, so this reads
// its JSON report, prints the score of every file and of every area, and exits 1 when an area is
// below its threshold or a file in the report belongs to no area.
import { readFileSync } from 'node:fs';

interface MutantResult {
  status: string;
}
interface MutationReport {
  files: Record<string, { mutants: MutantResult[] }>;
}

export interface Area {
  name: string;
  threshold: number;
  matches: (file: string) => boolean;
}

export const AREAS: Area[] = [
  { name: 'rating and money', threshold: 95, matches: (file) => file === 'lib/money.ts' || file.startsWith('lib/rating/') },
  { name: 'ledger money and state machine', threshold: 90, matches: (file) => file.startsWith('lib/ledger/') },
  { name: 'product settings and tables', threshold: 85, matches: (file) => file.startsWith('lib/products/') },
];

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

interface Tally {
  detected: number;
  undetected: number;
  ignored: number;
}

const score = (tally: Tally) =>
  tally.detected + tally.undetected === 0 ? 100 : (100 * tally.detected) / (tally.detected + tally.undetected);

function tally(mutants: readonly MutantResult[]): Tally {
  return {
    detected: mutants.filter((mutant) => DETECTED.has(mutant.status)).length,
    undetected: mutants.filter((mutant) => UNDETECTED.has(mutant.status)).length,
    ignored: mutants.filter((mutant) => !DETECTED.has(mutant.status) && !UNDETECTED.has(mutant.status)).length,
  };
}

const reportPath = process.argv[2] ?? 'reports/mutation/mutation.json';
const report = JSON.parse(readFileSync(reportPath, 'utf8')) as MutationReport;
const files = Object.entries(report.files)
  .map(([file, { mutants }]) => ({ file: file.replace(/^\.\//, ''), ...tally(mutants) }))
  .sort((a, b) => a.file.localeCompare(b.file));

const row = (label: string, t: Tally, threshold = '') =>
  `${label.padEnd(48)} ${score(t).toFixed(2).padStart(7)} ${String(t.detected).padStart(8)} ${String(t.undetected).padStart(10)} ${String(t.ignored).padStart(8)} ${threshold}`;

console.log(
  `\n${'file'.padEnd(48)} ${'score %'.padStart(7)} ${'detected'.padStart(8)} ${'undetected'.padStart(10)} ${'ignored'.padStart(8)}`,
);
for (const file of files) console.log(row(file.file, file));

const problems: string[] = [];
console.log(
  `\n${'area'.padEnd(48)} ${'score %'.padStart(7)} ${'detected'.padStart(8)} ${'undetected'.padStart(10)} ${'ignored'.padStart(8)} threshold`,
);
for (const area of AREAS) {
  const inArea = files.filter((file) => area.matches(file.file));
  const total = inArea.reduce(
    (sum, t) => ({ detected: sum.detected + t.detected, undetected: sum.undetected + t.undetected, ignored: sum.ignored + t.ignored }),
    {
      detected: 0,
      undetected: 0,
      ignored: 0,
    },
  );
  console.log(row(area.name, total, `≥ ${area.threshold} %`));
  if (inArea.length === 0) problems.push(`${area.name}: no file of this area in the report`);
  else if (score(total) < area.threshold) problems.push(`${area.name}: ${score(total).toFixed(2)} % is below ${area.threshold} %`);
}
for (const file of files) if (!AREAS.some((area) => area.matches(file.file))) problems.push(`${file.file} belongs to no area`);

if (problems.length > 0) {
  console.error(`\nMutation thresholds not met:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  process.exit(1);
}
console.log('\nMutation thresholds met.');
