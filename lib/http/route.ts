import { pinnedInstantOf, TEST_CLOCK_HEADER, withPinnedClock } from '@/lib/dates/clock';
import { DEFAULT_TIME_ZONE } from '@/lib/dates/local-day';
import type { z } from 'zod';
import type { Endpoint } from '@/lib/api/endpoint';
import type { Principal } from '@/lib/auth/principal';
import { assertSubjectActive } from '@/lib/auth/revocation';
import { mayAct } from '@/lib/auth/roles';
import { verifyAccessToken } from '@/lib/auth/tokens';
import { BadRequest, Forbidden, Unauthenticated } from '@/lib/errors';
import { log } from '@/lib/log';
import { observeRequest } from '@/lib/metrics/registry';
import { findTenantByTag, isTenantTag, type TenantRef } from '@/lib/tenants/lookup';
import { readJsonBody } from './body';
import { bearerToken, correlationIdFor } from './context';
import { withIdempotency } from './idempotency';
import { assertSaneUrl } from './url-guard';
import { negotiateLanguage, type Language } from './language';
import { problemFromError } from './problem';
import { takeTenantBudget } from './rate-limit';
import { issuesToFieldErrors } from './zod-errors';

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

export interface LedgerContext<B, Q> {
  request: Request;
  params: Record<string, string>;
  tenant: TenantRef;
  principal: Principal;
  body: B;
  query: Q;
  correlationId: string;
  language: Language;
}

type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

/**
 * Wraps a ledger route handler: tenant header, bearer token, role, query and body parsing,
 * idempotency, and the mapping of every thrown error to problem+json. A handler returns a
 * Response, or a plain value that is sent as JSON with 200.
 */
export function ledgerRoute<B extends z.ZodType | undefined, Q extends z.ZodType | undefined>(
  endpoint: Endpoint<B, Q>,
  handler: (context: LedgerContext<Infer<B>, Infer<Q>>) => Promise<Response | unknown>,
) {
  return async (request: Request, routeContext: NextRouteContext): Promise<Response> => {
    const startedMs = performance.now();
    const correlationId = correlationIdFor(request);
    const url = new URL(request.url);
    const instance = url.pathname;
    let tenantTag: string | undefined;
    let response: Response;
    try {
      assertSaneUrl(url);
      const tenant = await requireTenant(request);
      tenantTag = tenant.tag;
      const principal = await authenticate(request, tenant, endpoint);
      // Counted after authentication, so nobody can spend another tenant's budget.
      await takeTenantBudget(tenant.tag);
      if (endpoint.roles !== 'public' && !mayAct(principal.roles, endpoint.roles)) {
        throw new Forbidden(`This operation needs one of the roles: ${endpoint.roles.join(', ')}`);
      }
      const params = await plainParams(routeContext);
      const query = parseQuery(endpoint, url) as Infer<Q>;
      const { raw, body } = await parseBody(endpoint, request);
      const pinned = pinnedInstantOf(request.headers.get(TEST_CLOCK_HEADER));
      if (pinned === 'invalid') throw new BadRequest(`${TEST_CLOCK_HEADER} must be an ISO instant such as 2026-11-30T23:30:00Z`);
      const respond = async (): Promise<Response> => {
        const result = await handler({
          request,
          params,
          tenant,
          principal,
          body: body as Infer<B>,
          query,
          correlationId,
          language: negotiateLanguage(request.headers.get('accept-language')),
        });
        return result instanceof Response ? result : Response.json(result);
      };
      // A test stack may pin the business clock for this request (lib/dates/clock.ts).
      const run = pinned ? () => withPinnedClock(pinned, respond) : respond;
      response = endpoint.idempotent
        ? await withIdempotency({ request, tenant, principal, run, rawBody: raw, redactOnReplay: endpoint.redactOnReplay })
        : await run();
    } catch (error) {
      response = problemFromError(error, instance, correlationId);
    }
    response.headers.set('x-correlation-id', correlationId);
    const durationMs = performance.now() - startedMs;
    log.info('request', {
      correlationId,
      method: request.method,
      path: instance,
      status: response.status,
      durationMs: Math.round(durationMs),
      tenant: tenantTag,
    });
    observeRequest(endpoint.method, endpoint.path, response.status, durationMs);
    return response;
  };
}

async function requireTenant(request: Request): Promise<TenantRef> {
  const tag = request.headers.get('x-tenant-id')?.trim();
  if (!tag) throw new BadRequest('The X-TENANT-ID header is required');
  if (!isTenantTag(tag)) throw new BadRequest('The X-TENANT-ID header is not a valid tenant tag');
  const tenant = await findTenantByTag(tag);
  // An unknown tenant is answered like a tenant the token does not belong to, after authentication.
  return tenant ?? { id: '00000000-0000-0000-0000-000000000000', tag, name: '', brandColor: '', timeZone: DEFAULT_TIME_ZONE };
}

async function authenticate(
  request: Request,
  tenant: TenantRef,
  endpoint: Endpoint<z.ZodType | undefined, z.ZodType | undefined>,
): Promise<Principal> {
  const token = bearerToken(request);
  let principal: Principal | null = null;
  if (token === null && endpoint.alternativeAuth) {
    principal = await endpoint.alternativeAuth(request, tenant);
  }
  if (!principal) {
    if (!token) throw new Unauthenticated('A bearer access token is required');
    principal = await verifyAccessToken(token);
    await assertSubjectActive(principal);
  }
  if (principal.tenantTag !== tenant.tag || tenant.name === '') {
    throw new Forbidden('The access token does not belong to the tenant named in X-TENANT-ID');
  }
  return principal;
}

async function plainParams(routeContext: NextRouteContext | undefined): Promise<Record<string, string>> {
  const raw = (await routeContext?.params) ?? {};
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value === 'string') params[key] = value;
    else if (Array.isArray(value)) params[key] = value.join('/');
  }
  return params;
}

function parseQuery(endpoint: Endpoint<z.ZodType | undefined, z.ZodType | undefined>, url: URL): unknown {
  if (!endpoint.query) return undefined;
  const raw = Object.fromEntries(url.searchParams);
  const parsed = endpoint.query.safeParse(raw);
  if (!parsed.success) throw new BadRequest('A query parameter is invalid', issuesToFieldErrors(parsed.error.issues, 'query'));
  return parsed.data;
}

async function parseBody(
  endpoint: Endpoint<z.ZodType | undefined, z.ZodType | undefined>,
  request: Request,
): Promise<{ raw: unknown; body: unknown }> {
  if (!endpoint.body) return { raw: undefined, body: undefined };
  let raw = await readJsonBody(request);
  if (raw === undefined) {
    if (!endpoint.bodyOptional) throw new BadRequest('A JSON request body is required');
    raw = {};
  }
  const parsed = endpoint.body.safeParse(raw);
  if (!parsed.success) {
    throw new BadRequest('The request body does not have the shape this endpoint takes', issuesToFieldErrors(parsed.error.issues));
  }
  return { raw, body: parsed.data };
}
