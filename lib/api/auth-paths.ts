// The token and key endpoints (API-CONTRACT §1). They are not ledger routes (no tenant header,
// OAuth error shape), so they are described here by hand.

type JsonSchema = Record<string, unknown>;

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const problem = (description: string): JsonSchema => ({
  description,
  content: { 'application/problem+json': { schema: ref('Problem') } },
});

export const AUTH_SCHEMAS: Record<string, JsonSchema> = {
  TokenRequest: {
    type: 'object',
    required: ['grant_type', 'client_id', 'client_secret'],
    properties: {
      grant_type: { type: 'string', const: 'client_credentials' },
      client_id: { type: 'string' },
      client_secret: { type: 'string' },
    },
    description: 'Client credentials; they may also come as HTTP Basic authentication',
  },
  TokenResponse: {
    type: 'object',
    required: ['access_token', 'token_type', 'expires_in', 'scope'],
    additionalProperties: false,
    properties: {
      access_token: { type: 'string', description: 'A JWT (ES256)' },
      token_type: { type: 'string', const: 'Bearer' },
      expires_in: { type: 'integer', minimum: 1, maximum: 3600 },
      scope: { type: 'string', description: 'The roles, space-separated' },
    },
  },
  OAuthError: {
    type: 'object',
    required: ['error', 'error_description'],
    additionalProperties: false,
    properties: {
      error: { type: 'string', enum: ['invalid_request', 'unsupported_grant_type', 'invalid_client'] },
      error_description: { type: 'string' },
    },
    description: 'The OAuth 2.0 error shape (RFC 6749 §5.2), used by the token endpoint only',
  },
  Jwks: {
    type: 'object',
    required: ['keys'],
    properties: {
      keys: {
        type: 'array',
        items: {
          type: 'object',
          required: ['kty', 'kid'],
          properties: { kty: { type: 'string' }, kid: { type: 'string' }, alg: { type: 'string' }, use: { type: 'string' } },
        },
      },
    },
  },
};

const TOKEN_EXAMPLE = { grant_type: 'client_credentials', client_id: 'acme-broker', client_secret: 'acme-broker-secret' };

export const AUTH_PATHS: Record<string, JsonSchema> = {
  '/api/v1/auth/token': {
    post: {
      operationId: 'createToken',
      summary: 'Obtain an access token (OAuth 2.0 client credentials)',
      description:
        'RFC 6749 §4.4. The credentials come form-encoded, as JSON, or as HTTP Basic. The token is a JWT for the audience `ledger` with the client’s tenant and roles, valid for at most an hour. Errors use the OAuth error shape.',
      tags: ['Authentication'],
      security: [],
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': { schema: ref('TokenRequest'), example: TOKEN_EXAMPLE },
          'application/json': { schema: ref('TokenRequest'), example: TOKEN_EXAMPLE },
        },
      },
      responses: {
        200: {
          description: 'A JWT access token valid for at most one hour',
          content: {
            'application/json': {
              schema: ref('TokenResponse'),
              example: { access_token: 'eyJhbGciOiJFUzI1NiJ9.e30.c2ln', token_type: 'Bearer', expires_in: 3600, scope: 'broker' },
            },
          },
        },
        400: {
          description: '`invalid_request` (no form or JSON body) or `unsupported_grant_type`',
          content: { 'application/json': { schema: ref('OAuthError') } },
        },
        401: {
          description: '`invalid_client`',
          headers: { 'WWW-Authenticate': { description: 'Basic realm="ledger"', required: true, schema: { type: 'string' } } },
          content: {
            'application/json': {
              schema: ref('OAuthError'),
              example: { error: 'invalid_client', error_description: 'Client authentication failed' },
            },
          },
        },
        413: problem('The body is over 8 KiB'),
        429: {
          description:
            'Too many failed attempts for this client from this address, for this client or from this address (each failure past an allowance doubles the wait), or too many being checked at once. Answered after up to a second, with the seconds still to wait.',
          headers: {
            'Retry-After': {
              description: 'Seconds to wait before retrying',
              required: true,
              schema: { type: 'string', pattern: '^[0-9]+$' },
            },
          },
          content: { 'application/problem+json': { schema: ref('Problem') } },
        },
        503: problem('The database is briefly out of reach; retry'),
      },
    },
  },
  '/api/v1/auth/jwks.json': {
    get: {
      operationId: 'getJwks',
      summary: 'Public keys that verify access tokens (JWKS)',
      description:
        'The keys (RFC 7517) whose private halves sign access tokens, including one retired key while its tokens may still be valid.',
      tags: ['Authentication'],
      security: [],
      responses: { 200: { description: 'The JSON Web Key Set', content: { 'application/json': { schema: ref('Jwks') } } } },
    },
  },
};
