import { parseArgs } from 'node:util';
import { DomainError } from '@/lib/errors';
import { createClient, revokeClient, rotateClientSecret } from './clients';
import { createTenant, tenantIdOf } from './tenants';
import { createUser, disableUser, userIdByEmail } from './users';
import { newInitialPassword } from './secrets';

export { USAGE } from './usage';

// `npm run admin -- <noun> <verb> ...`: the operator's first steps on a database that nobody can
// sign in to yet. The parsing and the answers live here (testable without a process); the script
// (scripts/admin.ts) only finds the database and maps the outcome to an exit code.

export class UsageError extends Error {}

export interface CommandResult {
  /** Lines for a person. */
  lines: string[];
  /** The same for a script (--json). */
  json: Record<string, unknown>;
}

const HOUR_SECONDS = 3600;

function roleList(value: string | undefined): string[] {
  if (!value) throw new UsageError('--roles is required (comma-separated: broker, underwriter, admin)');
  return value
    .split(',')
    .map((role) => role.trim())
    .filter(Boolean);
}

function positional(args: string[], index: number, what: string): string {
  const value = args[index];
  if (!value) throw new UsageError(`Missing ${what}`);
  return value;
}

export function parseCommand(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      roles: { type: 'string' },
      name: { type: 'string' },
      'brand-color': { type: 'string' },
      'overlap-hours': { type: 'string' },
      link: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  return { values, positionals };
}

/** Runs one command as `actor`; throws UsageError for bad usage and DomainError when refused. */
export async function runCommand(argv: string[], actor: string, siteUrl: string): Promise<CommandResult> {
  let parsed: ReturnType<typeof parseCommand>;
  try {
    parsed = parseCommand(argv);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals: args } = parsed;
  const command = `${args[0] ?? ''} ${args[1] ?? ''}`.trim();
  switch (command) {
    case 'tenant create': {
      const tag = positional(args, 2, 'the tenant tag');
      const name = positional(args, 3, 'the tenant name');
      const { tenant, created } = await createTenant(actor, { tag, name, brandColor: values['brand-color'] });
      return {
        lines: [
          created
            ? `Created tenant ${tenant.tag} (${tenant.name})`
            : `Tenant ${tenant.tag} (${tenant.name}) already exists; nothing changed`,
        ],
        json: { tenant, created },
      };
    }
    case 'client create': {
      const [tag, clientId, roles] = [positional(args, 2, 'the tenant tag'), positional(args, 3, 'the client id'), roleList(values.roles)];
      const { client, secret } = await createClient(await tenantIdOf(tag), actor, { clientId, name: values.name, roles });
      return {
        lines: [
          `Created API client ${client.clientId} with roles ${client.roles.join(', ') || '(none)'}`,
          `client_secret: ${secret}`,
          'The secret is shown only now; store it in your secret manager.',
        ],
        json: { client, secret },
      };
    }
    case 'client rotate': {
      const [tag, clientId] = [positional(args, 2, 'the tenant tag'), positional(args, 3, 'the client id')];
      const hours = values['overlap-hours'] === undefined ? 24 : Number(values['overlap-hours']);
      if (!Number.isFinite(hours) || hours < 0) throw new UsageError('--overlap-hours must be a number of hours, 0 or more');
      const rotated = await rotateClientSecret(await tenantIdOf(tag), actor, clientId, Math.round(hours * HOUR_SECONDS));
      return {
        lines: [
          `New secret for ${clientId}`,
          `client_secret: ${rotated.secret}`,
          rotated.previousSecretValidUntil
            ? `The previous secret keeps working until ${rotated.previousSecretValidUntil}.`
            : 'The previous secret no longer works.',
        ],
        json: { client: rotated.client, secret: rotated.secret, previousSecretValidUntil: rotated.previousSecretValidUntil },
      };
    }
    case 'client revoke': {
      const [tag, clientId] = [positional(args, 2, 'the tenant tag'), positional(args, 3, 'the client id')];
      const client = await revokeClient(await tenantIdOf(tag), actor, clientId);
      return { lines: [`API client ${client.clientId} is revoked (since ${client.revokedAt})`], json: { client } };
    }
    case 'user create': {
      const [tag, email, roles] = [positional(args, 2, 'the tenant tag'), positional(args, 3, 'the e-mail'), roleList(values.roles)];
      const password = values.link ? undefined : newInitialPassword();
      const created = await createUser(await tenantIdOf(tag), actor, { email, name: values.name, roles, password });
      const link = created.passwordSetToken ? new URL(`/set-password/${created.passwordSetToken}`, siteUrl).toString() : null;
      return {
        lines: [
          `Created user ${created.user.email} with roles ${created.user.roles.join(', ')}`,
          link ? `set-password link (until ${created.passwordSetExpiresAt}): ${link}` : `initial password: ${password}`,
          'It is shown only now; hand it to the user.',
        ],
        json: { user: created.user, ...(link ? { passwordSetLink: link } : { password }) },
      };
    }
    case 'user disable': {
      const [tag, email] = [positional(args, 2, 'the tenant tag'), positional(args, 3, 'the e-mail')];
      const tenantId = await tenantIdOf(tag);
      const user = await disableUser(tenantId, actor, await userIdByEmail(tenantId, email));
      return { lines: [`User ${user.email} is disabled (since ${user.disabledAt})`], json: { user } };
    }
    default:
      throw new UsageError(command ? `Unknown command: ${command}` : 'No command given');
  }
}

/** The one-line message for a refused command. */
export function refusal(error: DomainError): string {
  const details = 'errors' in error && Array.isArray(error.errors) ? error.errors.map((field: { message: string }) => field.message) : [];
  return [error.message, ...details.filter((message) => message !== error.message)].join('; ');
}
