import { describe, expect, it } from 'vitest';
import { digestLines, playwrightFailures, vitestFailures } from './failure-digest';

describe('the failure digest at the end of npm test', () => {
  it('takes the failed tests of a vitest report, and a file that failed outside any test', () => {
    const report = {
      testResults: [
        {
          name: '/repo/tests/security/redirects.test.ts',
          status: 'failed',
          assertionResults: [
            {
              ancestorTitles: ['sign-in callbackUrl'],
              title: 'keeps a same-site path',
              status: 'failed',
              failureMessages: ['TypeError: Invalid URL'],
            },
            { ancestorTitles: ['sign-in callbackUrl'], title: 'lands on this site', status: 'passed', failureMessages: [] },
          ],
        },
        { name: '/repo/tests/security/offers.test.ts', status: 'failed', message: 'Hook timed out in 120000ms', assertionResults: [] },
        { name: '/repo/tests/security/urls.test.ts', status: 'passed', assertionResults: [{ title: 'x', status: 'passed' }] },
      ],
    };
    expect(vitestFailures(report, '/repo')).toEqual([
      { file: 'tests/security/redirects.test.ts', test: 'sign-in callbackUrl > keeps a same-site path', message: 'TypeError: Invalid URL' },
      { file: 'tests/security/offers.test.ts', test: '(the file itself)', message: 'Hook timed out in 120000ms' },
    ]);
  });

  it('takes the last attempt of each failed Playwright test, through nested describes, and global errors', () => {
    const report = {
      suites: [
        {
          title: 'quotes.spec.ts',
          file: 'quotes.spec.ts',
          specs: [{ title: 'binds', file: 'quotes.spec.ts', tests: [{ results: [{ status: 'passed' }] }] }],
          suites: [
            {
              title: 'referrals',
              file: 'quotes.spec.ts',
              specs: [
                {
                  title: 'an underwriter accepts',
                  file: 'quotes.spec.ts',
                  tests: [
                    {
                      results: [
                        { status: 'failed', error: { message: 'first try' } },
                        { status: 'timedOut', error: { message: 'Test timeout of 60000ms exceeded.' } },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
      errors: [{ message: 'Error in global setup' }],
    };
    expect(playwrightFailures(report)).toEqual([
      { file: 'quotes.spec.ts', test: 'referrals > an underwriter accepts', message: 'timedOut: Test timeout of 60000ms exceeded.' },
      { file: '', test: '(outside any test)', message: 'Error in global setup' },
    ]);
  });

  it('leaves out stack frames of libraries and of Node.js itself', () => {
    const message = [
      'TypeError: Invalid URL',
      '    at new URL (node:internal/url:806:29)',
      '    at /repo/tests/security/redirects.test.ts:98:12',
      '    at file:///repo/node_modules/@vitest/runner/dist/index.js:1:1',
      '    at new Promise (<anonymous>)',
    ].join('\n');
    expect(digestLines('security', [{ file: 'tests/security/redirects.test.ts', test: 'keeps a same-site path', message }])).toEqual([
      'security: 1 failed',
      '  ✗ tests/security/redirects.test.ts > keeps a same-site path',
      '      TypeError: Invalid URL',
      '          at /repo/tests/security/redirects.test.ts:98:12',
    ]);
  });

  it('shows at most ten failures with the first eight non-empty lines of each, without colours', () => {
    const message = [
      '\u001b[31mAssertionError\u001b[39m: expected 429 to be 200',
      '',
      ...Array.from({ length: 12 }, (_, i) => `line ${i + 1}`),
    ].join('\n');
    const failures = Array.from({ length: 12 }, (_, i) => ({ file: 'tests/api/a.test.ts', test: `test ${i + 1}`, message }));
    const lines = digestLines('api', failures);
    expect(lines[0]).toBe('api: 12 failed');
    expect(lines[1]).toBe('  ✗ tests/api/a.test.ts > test 1');
    expect(lines[2]).toBe('      AssertionError: expected 429 to be 200');
    expect(lines[9]).toBe('      line 7');
    expect(lines[10]).toBe('  ✗ tests/api/a.test.ts > test 2');
    expect(lines.filter((line) => line.startsWith('  ✗'))).toHaveLength(10);
    expect(lines.at(-1)).toBe('  … and 2 more above');
  });
});
