import { describe, expect, it } from 'vitest';
import { runCommand, UsageError } from './command';

// Bad usage is refused before the database is touched (the whole command runs in tests/onboarding/).
const run = (...argv: string[]) => runCommand(argv, 'operator:test', 'http://ledger.test');

describe('the admin command’s usage', () => {
  it.each([
    [[], 'No command given'],
    [['tenant', 'drop', 'acme'], 'Unknown command: tenant drop'],
    [['tenant', 'create', 'acme'], 'Missing the tenant name'],
    [['client', 'create', 'acme'], 'Missing the client id'],
    [['client', 'create', 'acme', 'acme-api'], '--roles is required'],
    [['user', 'create', 'acme', 'a@acme.test', '--roles', ''], '--roles is required'],
    [['user', 'disable', 'acme'], 'Missing the e-mail'],
    [['client', 'rotate', 'acme', 'acme-api', '--overlap-hours', 'soon'], '--overlap-hours must be a number'],
    [['client', 'revoke', 'acme', 'acme-api', '--force'], "Unknown option '--force'"],
  ])('%j is a usage error (%s)', async (argv, message) => {
    const outcome = run(...argv);
    await expect(outcome).rejects.toBeInstanceOf(UsageError);
    await expect(outcome).rejects.toThrow(message);
  });
});
