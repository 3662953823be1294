import { z } from 'zod';
import type { Endpoint, HeaderSpec, ResponseSpec } from './endpoint';
import { ALL_ENDPOINTS } from './endpoints';
import { AUTH_PATHS, AUTH_SCHEMAS } from './auth-paths';
import { productSchemaComponents } from './examples';
import { commonProblems, problemSchema } from './schemas';

// The OpenAPI 3.1 document, generated from the same zod schemas the route wrapper validates
// with. Schemas with an id (`.meta({ id })`) become shared components; every `$ref` points at
// `#/components/...`, so generators and linters resolve the document as it is served.

type JsonSchema = Record<string, unknown>;

const SCHEMA_REF = '#/components/schemas/';
const PROBLEM_TYPE = 'application/problem+json';
const TAGS = [
  { name: 'Authentication', description: 'OAuth 2.0 client credentials and the keys that verify tokens' },
  { name: 'Products', description: 'Products, their JSON Schemas and example payloads' },
  { name: 'Quotes', description: 'The quote lifecycle: create, calculate, refer, bind, issue' },
  { name: 'Requests', description: 'Asynchronous requests such as issuing' },
  { name: 'Policies', description: 'Issued policies: data, adjustments, termination, renewal, invoices' },
  { name: 'Payments', description: 'Money received for a policy, its reversal, and refunds paid out' },
  { name: 'Documents', description: 'Generated documents and their download' },
  { name: 'Events out', description: 'Webhook subscriptions, their signed deliveries, and the event feed' },
  { name: 'Reports', description: 'Reports for the tenant’s finance team, such as the bordereau' },
  { name: 'Administration', description: 'The tenant’s API clients, users, name and brand colour (admin role)' },
];

/** A query flag written `true`/`false` (or `1`/`0`); shown as a boolean, which is how clients send it. */
const QUERY_BOOLEAN_SPELLINGS = ['true', 'false', '1', '0'];

/** Collects the shared schemas while operations are converted. */
class Components {
  readonly schemas: Record<string, JsonSchema> = { ...AUTH_SCHEMAS, ...productSchemaComponents() };

  /** Converts a zod schema; named subschemas move to components (an input variant that differs gets an `Input` suffix). */
  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any', reused: 'inline' }) as JsonSchema;
    delete json.$schema;
    delete json.id;
    const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
    delete json.$defs;
    const names = new Map<string, string>();
    for (const [id, definition] of Object.entries(defs)) {
      const existing = this.schemas[id];
      const name =
        existing && JSON.stringify(existing) !== JSON.stringify(rewrite(definition, names)) && io === 'input' ? `${id}Input` : id;
      names.set(id, name);
    }
    for (const [id, definition] of Object.entries(defs)) {
      this.schemas[names.get(id)!] ??= rewrite(definition, names);
    }
    return rewrite(json, names);
  }
}

/** Points `#/$defs/X` at the shared component it became. */
function rewrite(schema: JsonSchema, names: Map<string, string>): JsonSchema {
  const text = JSON.stringify(schema).replace(/"#\/\$defs\/([^"]+)"/g, (_, id: string) =>
    JSON.stringify(SCHEMA_REF + (names.get(id) ?? id)),
  );
  return JSON.parse(text) as JsonSchema;
}

const PARAMETERS: Record<string, JsonSchema> = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'The same key with the same body within 24 h answers the first answer again (marked `Idempotent-Replayed: true`); with another body 422.',
    schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
  },
  AcceptLanguage: {
    name: 'Accept-Language',
    in: 'header',
    required: false,
    description: 'en or de; labels and documents follow it',
    schema: { type: 'string' },
  },
  IfMatch: {
    name: 'If-Match',
    in: 'header',
    required: false,
    description: 'The `ETag` of the last read; a stale one is 409',
    schema: { type: 'string' },
  },
};
const HEADER_PARAMETER: Record<string, string> = { 'accept-language': 'AcceptLanguage', 'if-match': 'IfMatch' };

function parametersOf(endpoint: Endpoint, components: Components): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  for (const match of endpoint.path.matchAll(/\{([^}]+)\}/g)) {
    const name = match[1]!;
    const isCode = name === 'code';
    parameters.push({
      name,
      in: 'path',
      required: true,
      schema: isCode ? { type: 'string' } : { type: 'string', format: 'uuid' },
      description: isCode ? 'Product code, e.g. home' : 'Identifier (UUID); an unknown one or another tenant’s is 404',
    });
  }
  for (const [name, description] of Object.entries(endpoint.requestHeaders ?? {})) {
    const component = HEADER_PARAMETER[name.toLowerCase()];
    // An Accept header parameter is ignored by OpenAPI: content negotiation shows in the responses instead.
    if (name.toLowerCase() === 'accept' || name.toLowerCase() === 'idempotency-key') continue;
    parameters.push(
      component
        ? { $ref: `#/components/parameters/${component}` }
        : { name, in: 'header', required: false, schema: { type: 'string' }, description },
    );
  }
  if (endpoint.idempotent) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  if (endpoint.query instanceof z.ZodObject) {
    for (const [name, property] of Object.entries(endpoint.query.shape as Record<string, z.ZodType>)) {
      let schema = components.convert(property, 'input');
      const isFlag =
        Array.isArray(schema.enum) && QUERY_BOOLEAN_SPELLINGS.every((spelling) => (schema.enum as unknown[]).includes(spelling));
      if (isFlag) {
        const description = `${typeof schema.description === 'string' ? `${schema.description}. ` : ''}Also accepts 1 and 0; absent means false.`;
        schema = { type: 'boolean', default: false, description };
      }
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

function problem(description: string, headers?: Record<string, HeaderSpec>): ResponseSpec {
  return { description, schema: problemSchema, contentType: PROBLEM_TYPE, ...(headers ? { headers } : {}) };
}

const RETRY_AFTER: HeaderSpec = {
  description: 'Seconds to wait before retrying',
  required: true,
  schema: { type: 'string', pattern: '^[0-9]+$' },
};

/** Answers the route wrapper can give on any ledger operation, documented once under components/responses. */
const SHARED_RESPONSES: Record<string, ResponseSpec> = {
  BadRequest: commonProblems[400],
  Unauthorized: problem(commonProblems[401].description, {
    'WWW-Authenticate': { description: 'Bearer error="invalid_token"', required: true },
  }),
  Forbidden: commonProblems[403],
  NotFound: commonProblems[404],
  PayloadTooLarge: problem('The body is over 1 MiB'),
  UnsupportedMediaType: problem('A body that is not JSON (Content-Type: application/json)'),
  IdempotencyInProgress: problem('An earlier request with this Idempotency-Key is still in progress; retry shortly'),
  IdempotencyKeyReused: problem('This Idempotency-Key was used with another request'),
  TooManyRequests: problem('Over the tenant’s rate limit', { 'Retry-After': RETRY_AFTER }),
  ServiceUnavailable: problem('The database is briefly out of reach; retry (with the same Idempotency-Key)', {
    'Retry-After': RETRY_AFTER,
  }),
};

/** Which shared answer each status of the wrapper is, for this endpoint. */
function wrapperResponses(endpoint: Endpoint): Record<number, string> {
  const responses: Record<number, string> = {
    400: 'BadRequest',
    401: 'Unauthorized',
    403: 'Forbidden',
    429: 'TooManyRequests',
    503: 'ServiceUnavailable',
  };
  if (endpoint.path.includes('{')) responses[404] = 'NotFound';
  if (endpoint.body) {
    responses[413] = 'PayloadTooLarge';
    responses[415] = 'UnsupportedMediaType';
  }
  if (endpoint.idempotent) {
    responses[409] = 'IdempotencyInProgress';
    responses[422] = 'IdempotencyKeyReused';
  }
  return responses;
}

function headerObject(spec: HeaderSpec): JsonSchema {
  const { description, required, schema } = typeof spec === 'string' ? { description: spec, required: false, schema: undefined } : spec;
  return { description, ...(required ? { required: true } : {}), schema: schema ?? { type: 'string' } };
}

function mediaType(schema: JsonSchema | undefined, example: unknown): JsonSchema {
  return { ...(schema ? { schema } : {}), ...(example === undefined ? {} : { example }) };
}

function responseObject(spec: ResponseSpec, components: Components): JsonSchema {
  const content: Record<string, JsonSchema> = {};
  if (spec.schema || spec.contentType) {
    const type = spec.contentType ?? 'application/json';
    const schema = spec.schema ? components.convert(spec.schema, 'output') : binarySchema(type);
    content[type] = mediaType(schema, spec.example);
  }
  for (const [type, schema] of Object.entries(spec.alternatives ?? {})) {
    content[type] = mediaType(schema ? components.convert(schema, 'output') : binarySchema(type), undefined);
  }
  return {
    description: spec.description,
    ...(spec.headers
      ? { headers: Object.fromEntries(Object.entries(spec.headers).map(([name, header]) => [name, headerObject(header)])) }
      : {}),
    ...(Object.keys(content).length > 0 ? { content } : {}),
  };
}

/** A file body: OpenAPI 3.1 describes it by its media type alone. */
function binarySchema(type: string): JsonSchema | undefined {
  return type.endsWith('json') ? undefined : { type: 'string', contentMediaType: type };
}

function operationOf(endpoint: Endpoint, components: Components): JsonSchema {
  const shared = endpoint.roles === 'public' ? {} : wrapperResponses(endpoint);
  const statuses = new Set([...Object.keys(shared), ...Object.keys(endpoint.responses)].map(Number));
  // Only operations with an id in the path can answer 404.
  if (!endpoint.path.includes('{')) statuses.delete(404);
  const responses: JsonSchema = {};
  for (const status of [...statuses].sort((a, b) => a - b)) {
    const own = endpoint.responses[status];
    const common = (commonProblems as Record<number, ResponseSpec | undefined>)[status];
    responses[String(status)] =
      own && own !== common
        ? responseObject(own, components)
        : {
            $ref: `#/components/responses/${shared[status] ?? Object.keys(SHARED_RESPONSES).find((name) => SHARED_RESPONSES[name] === common)}`,
          };
  }
  const body = endpoint.bodyDocument ?? (endpoint.body ? components.convert(endpoint.body, 'input') : undefined);
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    tags: [endpoint.tag],
    parameters: parametersOf(endpoint, components),
    ...(body
      ? { requestBody: { required: !endpoint.bodyOptional, content: { 'application/json': mediaType(body, endpoint.bodyExample) } } }
      : {}),
    responses,
    ...(endpoint.roles === 'public' ? { security: [] } : { 'x-roles': endpoint.roles }),
    ...(endpoint.alternativeAuth ? { security: [{ bearer: [], tenant: [] }, { tenant: [] }] } : {}),
  };
}

let cached: JsonSchema | undefined;

export function openApiDocument(): JsonSchema {
  if (cached) return cached;
  const components = new Components();
  const sharedResponses = Object.fromEntries(
    Object.entries(SHARED_RESPONSES).map(([name, spec]) => [name, responseObject(spec, components)]),
  );
  const paths: Record<string, JsonSchema> = { ...AUTH_PATHS };
  for (const endpoint of ALL_ENDPOINTS) {
    paths[endpoint.path] ??= {};
    paths[endpoint.path]![endpoint.method.toLowerCase()] = operationOf(endpoint, components);
  }
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'Policy Ledger API',
      version: '1.0.0',
      description:
        'Quotes, policies, instalments and documents for brokers and MGAs. Every ledger call names its tenant in `X-TENANT-ID` and carries a bearer token from `POST /api/v1/auth/token`. Errors are RFC 9457 problem+json.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      contact: { name: 'Policy Ledger', url: 'https://ledger.example/docs' },
    },
    servers: [{ url: '/', description: 'This service' }],
    tags: TAGS,
    security: [{ bearer: [], tenant: [] }],
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(components.schemas).sort(([a], [b]) => a.localeCompare(b))),
      parameters: PARAMETERS,
      responses: sharedResponses,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An access token from POST /api/v1/auth/token' },
        tenant: { type: 'apiKey', in: 'header', name: 'X-TENANT-ID', description: 'The tenant tag; must match the token’s tenant' },
      },
    },
  };
  return cached;
}
