import { z } from 'zod';
import { ROTATION_OVERLAP_SECONDS_DEFAULT, ROTATION_OVERLAP_SECONDS_MAX } from '@/lib/accounts/clients';
import { PASSWORD_LINK_TTL_SECONDS } from '@/lib/accounts/users';
import { ADMINS, ROLES } from '@/lib/auth/roles';
import { defineEndpoint } from '../endpoint';
import { commonProblems, problemSchema } from '../schemas';

// The tenant's own administration (admin role): API clients, users, the tenant's name and
// colour. Every change is an audit event with its actor and time. The pages use the same calls.

const TAG = 'Administration';
const BASE = '/api/v1/admin';

const problem = (description: string) => ({ description, schema: problemSchema, contentType: 'application/problem+json' });
const roleSchema = z.enum(ROLES);

export const adminClientSchema = z
  .object({
    clientId: z.string(),
    name: z.string(),
    roles: z.array(roleSchema),
    status: z.enum(['active', 'revoked']),
    createdAt: z.iso.datetime(),
    createdBy: z.string().meta({ description: 'Who created it: `client:<id>`, `user:<id>` or `operator:<name>`' }),
    lastUsedAt: z.iso.datetime().nullable().meta({ description: 'Last token issued to it (to the minute)' }),
    revokedAt: z.iso.datetime().nullable(),
    previousSecretValidUntil: z.iso
      .datetime()
      .nullable()
      .meta({ description: 'While a rotation’s overlap runs, the secret before it still works until then' }),
  })
  .meta({ id: 'AdminApiClient', description: 'An API client of the tenant (never its secret)' });

export const adminUserSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    roles: z.array(roleSchema),
    status: z.enum(['active', 'disabled', 'invited']).meta({ description: '`invited`: has not set a password yet' }),
    createdAt: z.iso.datetime(),
    createdBy: z.string(),
    disabledAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'AdminUser', description: 'A user of the tenant’s pages' });

export const adminTenantSchema = z
  .object({ tag: z.string(), name: z.string(), brandColor: z.string(), createdAt: z.iso.datetime() })
  .meta({ id: 'AdminTenant' });

const passwordLink = {
  passwordSetLink: z.string().meta({ description: 'One-time link to the set-password page; hand it to the user. Shown only here' }),
  passwordSetExpiresAt: z.iso.datetime(),
};

const clientIdParam = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{2,63}$/)
  .meta({ description: 'Unique across the service; 3-64 lower-case letters, digits, dots, hyphens, underscores' });

export const listClientsEndpoint = defineEndpoint({
  operationId: 'adminListClients',
  method: 'GET',
  path: `${BASE}/clients`,
  summary: 'The tenant’s API clients',
  description:
    'Every API client of the tenant, oldest first (at most 500), revoked ones included, with when each last got a token. Never a secret: it is shown once, when the client is created or its secret rotated.',
  tag: TAG,
  roles: ADMINS,
  responses: { 200: { description: 'Oldest first', schema: z.object({ data: z.array(adminClientSchema) }) }, ...commonProblems },
});

export const createClientEndpoint = defineEndpoint({
  operationId: 'adminCreateClient',
  method: 'POST',
  path: `${BASE}/clients`,
  summary: 'Create an API client; its secret is answered once',
  description:
    'The secret is stored only as an Argon2 hash: it cannot be shown again (rotate to get a new one). A replay with the same Idempotency-Key answers the same, with the secret replaced: it is shown once and never stored.',
  redactOnReplay: ['secret'],
  tag: TAG,
  roles: ADMINS,
  body: z.object({ clientId: clientIdParam, name: z.string().min(1).max(200).optional(), roles: z.array(roleSchema).max(3) }),
  bodyExample: { clientId: 'acme-crm', name: 'CRM integration', roles: ['broker'] },
  idempotent: true,
  responses: {
    201: {
      description: 'Created',
      schema: z.object({ client: adminClientSchema, secret: z.string().meta({ description: 'Shown only now' }) }),
    },
    ...commonProblems,
    409: problem('The client id is taken'),
    422: problem('A field is invalid'),
  },
});

export const readClientEndpoint = defineEndpoint({
  operationId: 'adminReadClient',
  method: 'GET',
  path: `${BASE}/clients/{clientId}`,
  summary: 'One API client',
  description: 'One API client of the tenant by its client id, revoked or not; never its secret.',
  tag: TAG,
  roles: ADMINS,
  responses: { 200: { description: 'The client', schema: adminClientSchema }, ...commonProblems },
});

export const rotateClientEndpoint = defineEndpoint({
  operationId: 'adminRotateClientSecret',
  method: 'POST',
  path: `${BASE}/clients/{clientId}/rotate-secret`,
  summary: 'A new secret, with an overlap in which the old one still works',
  description: `The old secret keeps working for \`overlapSeconds\` (default ${ROTATION_OVERLAP_SECONDS_DEFAULT}, at most ${ROTATION_OVERLAP_SECONDS_MAX}; 0 stops it at once). Tokens already issued stay valid until they expire. A replay with the same Idempotency-Key answers the same, with the secret replaced: it is shown once and never stored.`,
  redactOnReplay: ['secret'],
  tag: TAG,
  roles: ADMINS,
  body: z.object({ overlapSeconds: z.number().int().min(0).max(ROTATION_OVERLAP_SECONDS_MAX).optional() }),
  bodyOptional: true,
  bodyExample: { overlapSeconds: 3600 },
  idempotent: true,
  responses: {
    200: {
      description: 'The new secret, shown only now',
      schema: z.object({ client: adminClientSchema, secret: z.string(), previousSecretValidUntil: z.iso.datetime().nullable() }),
    },
    ...commonProblems,
    409: problem('The client is revoked'),
    422: problem('The overlap is out of range'),
  },
});

export const revokeClientEndpoint = defineEndpoint({
  operationId: 'adminRevokeClient',
  method: 'POST',
  path: `${BASE}/clients/{clientId}/revoke`,
  summary: 'Revoke an API client and its live tokens',
  description: 'No new tokens; tokens already issued are refused (401) within 2 seconds. Revoking a revoked client changes nothing.',
  tag: TAG,
  roles: ADMINS,
  idempotent: true,
  responses: { 200: { description: 'The revoked client', schema: adminClientSchema }, ...commonProblems },
});

export const listUsersEndpoint = defineEndpoint({
  operationId: 'adminListUsers',
  method: 'GET',
  path: `${BASE}/users`,
  summary: 'The tenant’s users',
  description:
    'Every user of the tenant, oldest first (at most 500), with their roles and status: active, disabled, or invited (no password set yet).',
  tag: TAG,
  roles: ADMINS,
  responses: { 200: { description: 'Oldest first', schema: z.object({ data: z.array(adminUserSchema) }) }, ...commonProblems },
});

export const createUserEndpoint = defineEndpoint({
  operationId: 'adminCreateUser',
  method: 'POST',
  path: `${BASE}/users`,
  summary: 'Create a user with a one-time set-password link',
  description: `The answer carries a link (valid ${PASSWORD_LINK_TTL_SECONDS / 3600} hours, once) that the admin hands to the user; the user chooses a password there and signs in. A replay with the same Idempotency-Key answers the same, with the link replaced: it is shown once and never stored.`,
  redactOnReplay: ['passwordSetLink'],
  tag: TAG,
  roles: ADMINS,
  body: z.object({ email: z.string().max(254), name: z.string().min(1).max(200).optional(), roles: z.array(roleSchema).min(1).max(3) }),
  bodyExample: { email: 'new.broker@acme.test', name: 'Nia Broker', roles: ['broker'] },
  idempotent: true,
  responses: {
    201: { description: 'Created', schema: z.object({ user: adminUserSchema, ...passwordLink }) },
    ...commonProblems,
    409: problem('A user with the e-mail exists'),
    422: problem('A field is invalid'),
  },
});

export const readUserEndpoint = defineEndpoint({
  operationId: 'adminReadUser',
  method: 'GET',
  path: `${BASE}/users/{id}`,
  summary: 'One user',
  description: 'One user of the tenant with their roles and status; another tenant’s user is 404.',
  tag: TAG,
  roles: ADMINS,
  responses: { 200: { description: 'The user', schema: adminUserSchema }, ...commonProblems },
});

export const updateUserEndpoint = defineEndpoint({
  operationId: 'adminUpdateUser',
  method: 'PATCH',
  path: `${BASE}/users/{id}`,
  summary: 'Change a user’s name or roles, disable or enable',
  description: '`active: false` disables the user: no sign-in, and live sessions and tokens are refused within 2 seconds.',
  tag: TAG,
  roles: ADMINS,
  body: z.object({
    name: z.string().min(1).max(200).optional(),
    roles: z.array(roleSchema).max(3).optional(),
    active: z.boolean().optional(),
  }),
  bodyExample: { roles: ['broker', 'underwriter'] },
  responses: { 200: { description: 'The user', schema: adminUserSchema }, ...commonProblems, 422: problem('A field is invalid') },
});

export const disableUserEndpoint = defineEndpoint({
  operationId: 'adminDisableUser',
  method: 'POST',
  path: `${BASE}/users/{id}/disable`,
  summary: 'Disable a user and end the user’s sessions',
  description:
    'The same as `PATCH /api/v1/admin/users/{id}` with `active: false`: no sign-in, and live sessions and tokens are refused within 2 seconds. Disabling a disabled user changes nothing.',
  tag: TAG,
  roles: ADMINS,
  idempotent: true,
  responses: { 200: { description: 'The disabled user', schema: adminUserSchema }, ...commonProblems },
});

export const passwordLinkEndpoint = defineEndpoint({
  operationId: 'adminIssuePasswordLink',
  method: 'POST',
  path: `${BASE}/users/{id}/password-link`,
  summary: 'A new one-time set-password link (the previous one stops working)',
  description: 'A replay with the same Idempotency-Key answers the same, with the link replaced: it is shown once and never stored.',
  redactOnReplay: ['passwordSetLink'],
  tag: TAG,
  roles: ADMINS,
  idempotent: true,
  responses: {
    200: { description: 'The link', schema: z.object(passwordLink) },
    ...commonProblems,
    409: problem('The user is disabled'),
  },
});

export const readTenantEndpoint = defineEndpoint({
  operationId: 'adminReadTenant',
  method: 'GET',
  path: `${BASE}/tenant`,
  summary: 'The tenant’s name and brand colour',
  description: 'The tenant’s tag (what `X-TENANT-ID` carries), name and brand colour, as its documents show them.',
  tag: TAG,
  roles: ADMINS,
  responses: { 200: { description: 'The tenant', schema: adminTenantSchema }, ...commonProblems },
});

export const updateTenantEndpoint = defineEndpoint({
  operationId: 'adminUpdateTenant',
  method: 'PATCH',
  path: `${BASE}/tenant`,
  summary: 'Rename the tenant or change its brand colour',
  description: 'Either or both. Documents rendered from then on show the new name and colour; documents already stored keep theirs.',
  tag: TAG,
  roles: ADMINS,
  body: z.object({
    name: z.string().min(1).max(200).optional(),
    brandColor: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/)
      .optional(),
  }),
  bodyExample: { name: 'Acme Insurance Brokers Ltd', brandColor: '#0f766e' },
  responses: { 200: { description: 'The tenant', schema: adminTenantSchema }, ...commonProblems, 422: problem('A field is invalid') },
});

/** Registered in ALL_ENDPOINTS (OpenAPI); not ledger paths, so outside the ledger's isolation and role matrices (tests/api/admin.test.ts covers them). */
export const ADMIN_ENDPOINTS = [
  listClientsEndpoint,
  createClientEndpoint,
  readClientEndpoint,
  rotateClientEndpoint,
  revokeClientEndpoint,
  listUsersEndpoint,
  createUserEndpoint,
  readUserEndpoint,
  updateUserEndpoint,
  disableUserEndpoint,
  passwordLinkEndpoint,
  readTenantEndpoint,
  updateTenantEndpoint,
];
