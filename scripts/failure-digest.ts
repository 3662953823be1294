// What failed, said again at the end of `npm test`: a stage prints its failures where they happen,
// often thousands of lines before the end, and a CI log is usually read from its tail. The test
// stages write JSON reports (vitest's `json` reporter, Playwright's `json` reporter); the other
// stages (lint, format, typecheck, mutation) are repeated by the last lines they printed.

import { existsSync, readFileSync } from 'node:fs';

const MESSAGE_LINES = 8;
const TESTS_SHOWN = 10;

export interface Failure {
  /** The test's file, relative to the project. */
  file: string;
  /** Describe blocks and the test's title, joined by " > ". */
  test: string;
  message: string;
}

interface VitestReport {
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { fullName?: string; ancestorTitles?: string[]; title: string; status: string; failureMessages?: string[] }[];
  }[];
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: { title: string; file?: string; tests?: { results?: { status: string; error?: { message?: string } }[] }[] }[];
  suites?: PlaywrightSuite[];
}

interface PlaywrightReport {
  suites?: PlaywrightSuite[];
  errors?: { message?: string }[];
}

const relative = (file: string, root: string) => (file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file);

/** The failed tests of a vitest JSON report, and the files that failed outside any test (a hook, an import). */
export function vitestFailures(report: VitestReport, root: string): Failure[] {
  const failures: Failure[] = [];
  for (const file of report.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      failures.push({
        file: relative(file.name, root),
        test: [...(test.ancestorTitles ?? []), test.title].join(' > '),
        message: (test.failureMessages ?? []).join('\n'),
      });
    }
    if (file.status === 'failed' && failedTests.length === 0) {
      failures.push({ file: relative(file.name, root), test: '(the file itself)', message: file.message ?? '' });
    }
  }
  return failures;
}

/** The failed tests of a Playwright JSON report (the last attempt of each), and its global errors. */
export function playwrightFailures(report: PlaywrightReport): Failure[] {
  const failures: Failure[] = [];
  const visit = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const last = test.results?.at(-1);
        if (!last || last.status === 'passed' || last.status === 'skipped') continue;
        failures.push({
          file: spec.file ?? suite.file ?? '',
          test: [...titles, spec.title].join(' > '),
          message: `${last.status}: ${last.error?.message ?? ''}`,
        });
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  // The top suites are files: their titles are the file names, already given.
  for (const suite of report.suites ?? []) visit(suite, []);
  for (const error of report.errors ?? []) failures.push({ file: '', test: '(outside any test)', message: error.message ?? '' });
  return failures;
}

/** Lines for the end of the run: each failure's place and the first lines of its message, colours removed. */
export function digestLines(stage: string, failures: Failure[]): string[] {
  const lines = [`${stage}: ${failures.length} failed`];
  for (const failure of failures.slice(0, TESTS_SHOWN)) {
    lines.push(`  ✗ ${failure.file ? `${failure.file} > ` : ''}${failure.test}`);
    const message = withoutColours(failure.message)
      .split('\n')
      .filter((line) => line.trim() !== '' && !isForeignFrame(line));
    lines.push(...message.slice(0, MESSAGE_LINES).map((line) => `      ${line}`));
  }
  if (failures.length > TESTS_SHOWN) lines.push(`  … and ${failures.length - TESTS_SHOWN} more above`);
  return lines;
}

/** A stack frame outside the project's own code (a library, Node.js itself): it says nothing of the failure. */
function isForeignFrame(line: string): boolean {
  return /^\s*at /.test(line) && /node_modules|node:|<anonymous>/.test(line);
}

/** A report written by a stage, or undefined when the stage wrote none (it stopped before its tests). */
export function readReport<T>(file: string): T | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

export function withoutColours(text: string): string {
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}
