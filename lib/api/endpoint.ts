import type { z } from 'zod';
import type { Principal } from '@/lib/auth/principal';
import type { Role } from '@/lib/auth/roles';
import type { TenantRef } from '@/lib/tenants/lookup';

// One description per endpoint: the route wrapper validates with it and the OpenAPI
// document is generated from it, so the two cannot drift apart.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A documented response header: a description, or a description with its schema and whether it is always sent. */
export type HeaderSpec = string | { description: string; required?: boolean; schema?: Record<string, unknown> };

export interface ResponseSpec {
  description: string;
  /** JSON body schema; omitted for 204 or binary answers. */
  schema?: z.ZodType;
  /** Defaults to application/json when a schema is given. */
  contentType?: string;
  /** Further media types the same status may answer with (content negotiation), each with its schema or none for a file. */
  alternatives?: Record<string, z.ZodType | null>;
  headers?: Record<string, HeaderSpec>;
  /** A real answer, shown in the reference and checked against the schema by a unit test. */
  example?: unknown;
}

/** Fallback authentication for endpoints that accept more than a bearer (signed document links). */
export type AlternativeAuthenticator = (request: Request, tenant: TenantRef) => Promise<Principal | null>;

export interface Endpoint<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
> {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI path with `{param}` segments, e.g. `/api/v1/ledger/sales/policies/{id}/bind`. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** Roles that may call; `public` endpoints take neither a bearer nor a tenant header. */
  roles: readonly Role[] | 'public';
  body?: B;
  /** Documents the body with this JSON Schema instead of the zod one (e.g. the product schemas, which the domain validates). */
  bodyDocument?: Record<string, unknown>;
  /** A real request body, shown in the reference and checked against the document by a unit test. */
  bodyExample?: unknown;
  /** An empty body is accepted and parsed as `{}`. */
  bodyOptional?: boolean;
  query?: Q;
  /** Honours the Idempotency-Key header (API-CONTRACT §6); every POST must (a unit test checks). */
  idempotent?: boolean;
  /** Top-level answer fields (secrets shown once) that an idempotent replay does not repeat. */
  redactOnReplay?: readonly string[];
  alternativeAuth?: AlternativeAuthenticator;
  /** Extra request headers to document (Accept-Language, If-Match, ...). */
  requestHeaders?: Record<string, string>;
  responses: Record<number, ResponseSpec>;
}

export function defineEndpoint<B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
  endpoint: Endpoint<B, Q>,
): Endpoint<B, Q> {
  return endpoint;
}
