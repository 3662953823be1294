import { z } from 'zod';
import type { Endpoint } from './endpoint';
import { ALL_ENDPOINTS } from './endpoints';

// The OpenAPI 3.1 document, generated from the same zod schemas the route wrapper validates
// with. Product payloads are JSON Schemas of their own, linked from the schema endpoint.

type JsonSchema = Record<string, unknown>;

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any', reused: 'inline' }) as JsonSchema;
  delete json.$schema;
  delete json.id;
  return json;
}

function parametersOf(endpoint: Endpoint): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  for (const match of endpoint.path.matchAll(/\{([^}]+)\}/g)) {
    parameters.push({ name: match[1], in: 'path', required: true, schema: { type: 'string' } });
  }
  if (endpoint.roles !== 'public') {
    parameters.push({
      name: 'X-TENANT-ID',
      in: 'header',
      required: true,
      schema: { type: 'string' },
      description: 'The tenant tag; must match the token',
    });
  }
  for (const [name, description] of Object.entries(endpoint.requestHeaders ?? {})) {
    parameters.push({ name, in: 'header', required: false, schema: { type: 'string' }, description });
  }
  if (endpoint.idempotent) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      schema: { type: 'string', maxLength: 255 },
      description: 'Replays the first answer for 24 h',
    });
  }
  if (endpoint.query instanceof z.ZodObject) {
    for (const [name, property] of Object.entries(endpoint.query.shape as Record<string, z.ZodType>)) {
      const schema = toJsonSchema(property, 'input');
      parameters.push({
        name,
        in: 'query',
        required: !property.safeParse(undefined).success,
        schema,
        ...(schema.description ? { description: schema.description } : {}),
      });
    }
  }
  return parameters;
}

function operationOf(endpoint: Endpoint): JsonSchema {
  const responses: JsonSchema = {};
  for (const [status, spec] of Object.entries(endpoint.responses)) {
    const contentType = spec.contentType ?? 'application/json';
    responses[status] = {
      description: spec.description,
      ...(spec.schema
        ? { content: { [contentType]: { schema: toJsonSchema(spec.schema, 'output') } } }
        : spec.contentType
          ? { content: { [contentType]: {} } }
          : {}),
      ...(spec.headers
        ? {
            headers: Object.fromEntries(
              Object.entries(spec.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
            ),
          }
        : {}),
    };
  }
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    tags: [endpoint.tag],
    parameters: parametersOf(endpoint),
    ...(endpoint.body
      ? {
          requestBody: {
            required: !endpoint.bodyOptional,
            content: { 'application/json': { schema: toJsonSchema(endpoint.body, 'input') } },
          },
        }
      : {}),
    responses,
    ...(endpoint.roles === 'public' ? { security: [] } : { 'x-roles': endpoint.roles }),
  };
}

let cached: JsonSchema | undefined;

export function openApiDocument(): JsonSchema {
  if (cached) return cached;
  const paths: Record<string, JsonSchema> = { ...AUTH_PATHS };
  for (const endpoint of ALL_ENDPOINTS) {
    paths[endpoint.path] ??= {};
    paths[endpoint.path]![endpoint.method.toLowerCase()] = operationOf(endpoint);
  }
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'Policy Ledger API',
      version: '1.0.0',
      description:
        'Quotes, policies, instalments and documents for brokers and MGAs. Every ledger call names its tenant in `X-TENANT-ID` and carries a bearer token from `POST /api/v1/auth/token`. Errors are RFC 9457 problem+json.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
  return cached;
}

const AUTH_PATHS: Record<string, JsonSchema> = {
  '/api/v1/auth/token': {
    post: {
      operationId: 'createToken',
      summary: 'Obtain an access token (OAuth 2.0 client credentials)',
      tags: ['Authentication'],
      security: [],
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              required: ['grant_type', 'client_id', 'client_secret'],
              properties: { grant_type: { const: 'client_credentials' }, client_id: { type: 'string' }, client_secret: { type: 'string' } },
            },
          },
          'application/json': {
            schema: { $ref: '#/paths/~1api~1v1~1auth~1token/post/requestBody/content/application~1x-www-form-urlencoded/schema' },
          },
        },
      },
      responses: {
        200: {
          description: 'A JWT access token valid for at most one hour',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  access_token: { type: 'string' },
                  token_type: { const: 'Bearer' },
                  expires_in: { type: 'integer' },
                  scope: { type: 'string' },
                },
              },
            },
          },
        },
        401: {
          description: 'invalid_client (the OAuth error shape)',
          content: {
            'application/json': {
              schema: { type: 'object', properties: { error: { type: 'string' }, error_description: { type: 'string' } } },
            },
          },
        },
      },
    },
  },
  '/api/v1/auth/jwks.json': {
    get: {
      operationId: 'getJwks',
      summary: 'Public keys that verify access tokens (JWKS)',
      tags: ['Authentication'],
      security: [],
      responses: {
        200: {
          description: 'The JSON Web Key Set',
          content: {
            'application/json': { schema: { type: 'object', properties: { keys: { type: 'array', items: { type: 'object' } } } } },
          },
        },
      },
    },
  },
};
