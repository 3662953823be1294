import { correlationIdFor } from './context';
import { problemResponse } from './problem';

// Paths and methods the app serves under /api/, so that anything else answers problem+json
// 404 or 405 like every other API error instead of the HTML not-found page or an empty 405.
// Kept free of the endpoint registry (the proxy runs before routing and must stay light);
// lib/http/unknown-route.test.ts checks this table against the route files and the registry.

export const API_ROUTES: Readonly<Record<string, readonly string[]>> = {
  '/api/health': ['GET'],
  '/api/ready': ['GET'],
  '/api/metrics': ['GET'],
  '/api/bench/empty': ['GET'],
  '/api/bench/empty/{id}': ['GET', 'POST'],
  '/api/bench/round-trip': ['POST'],
  '/api/bench/round-trip/{id}': ['GET', 'POST'],
  '/api/v1/auth/token': ['POST'],
  '/api/v1/auth/jwks.json': ['GET'],
  '/api/v1/ledger/openapi.json': ['GET'],
  '/api/v1/ledger/products': ['GET'],
  '/api/v1/ledger/schemas/policy/regular/{code}': ['GET'],
  '/api/v1/ledger/sales/decline-reasons': ['GET'],
  '/api/v1/ledger/sales/policies': ['GET'],
  '/api/v1/ledger/sales/policies/create': ['POST'],
  '/api/v1/ledger/sales/policies/actions/{id}': ['GET'],
  '/api/v1/ledger/sales/policies/{id}': ['GET', 'PUT'],
  '/api/v1/ledger/sales/policies/{id}/bind': ['POST'],
  '/api/v1/ledger/sales/policies/{id}/calculate': ['POST'],
  '/api/v1/ledger/sales/policies/{id}/calculation': ['GET'],
  '/api/v1/ledger/sales/policies/{id}/changes': ['GET'],
  '/api/v1/ledger/sales/policies/{id}/copy': ['POST'],
  '/api/v1/ledger/sales/policies/{id}/decline': ['POST'],
  '/api/v1/ledger/sales/policies/{id}/generated-documents': ['POST'],
  '/api/v1/ledger/sales/policies/{id}/installments-schedule': ['GET'],
  '/api/v1/ledger/sales/policies/{id}/issue': ['POST'],
  '/api/v1/ledger/sales/policies/{id}/referrals': ['POST'],
  '/api/v1/ledger/sales/policies/{id}/referrals/decision': ['POST'],
  '/api/v1/ledger/requests/{requestId}': ['GET'],
  '/api/v1/ledger/policies/{id}/links': ['GET'],
  '/api/v1/ledger/policies/{id}/mta': ['POST'],
  '/api/v1/ledger/policies/{id}/data-change': ['POST'],
  '/api/v1/ledger/policies/{id}/terminate': ['POST'],
  '/api/v1/ledger/policies/{id}/terminate/withdraw': ['POST'],
  '/api/v1/ledger/policies/{id}/reinstate': ['POST'],
  '/api/v1/ledger/policies/{id}/renewal': ['GET'],
  '/api/v1/ledger/policies/{id}/documents': ['GET'],
  '/api/v1/ledger/policies/{id}/payments': ['GET', 'POST'],
  '/api/v1/ledger/policies/{id}/payments/{paymentId}/reverse': ['POST'],
  '/api/v1/ledger/policies/{id}/refunds': ['POST'],
  '/api/v1/ledger/customers/policies/{policyId}/custom-view/installments': ['GET'],
  '/api/v1/ledger/documents/{id}': ['GET'],
  '/api/v1/ledger/webhooks': ['GET', 'POST'],
  '/api/v1/ledger/webhooks/{id}': ['GET', 'PATCH', 'DELETE'],
  '/api/v1/ledger/webhooks/{id}/rotate-secret': ['POST'],
  '/api/v1/ledger/webhooks/{id}/deliveries': ['GET'],
  '/api/v1/ledger/webhooks/{id}/deliveries/{deliveryId}/redeliver': ['POST'],
  '/api/v1/ledger/events': ['GET'],
  '/api/v1/ledger/reports/bordereau': ['GET'],
  '/api/v1/admin/clients': ['GET', 'POST'],
  '/api/v1/admin/clients/{clientId}': ['GET'],
  '/api/v1/admin/clients/{clientId}/rotate-secret': ['POST'],
  '/api/v1/admin/clients/{clientId}/revoke': ['POST'],
  '/api/v1/admin/users': ['GET', 'POST'],
  '/api/v1/admin/users/{id}': ['GET', 'PATCH'],
  '/api/v1/admin/users/{id}/disable': ['POST'],
  '/api/v1/admin/users/{id}/password-link': ['POST'],
  '/api/v1/admin/tenant': ['GET', 'PATCH'],
};

/** next-auth owns everything under this prefix. */
const DELEGATED_PREFIX = '/api/auth/';

/** Spec 4.11's update path ends in a slash: the methods a path with a trailing slash takes. */
const TRAILING_SLASH_METHODS: Readonly<Record<string, readonly string[]>> = { '/api/v1/ledger/sales/policies/{id}': ['PUT'] };

interface CompiledRoute {
  segments: string[];
  methods: readonly string[];
  trailingSlashMethods?: readonly string[];
}

const COMPILED: CompiledRoute[] = Object.entries(API_ROUTES).map(([template, methods]) => ({
  segments: template.split('/').filter(Boolean),
  methods,
  trailingSlashMethods: TRAILING_SLASH_METHODS[template],
}));

function matches(route: CompiledRoute, segments: string[]): boolean {
  return (
    route.segments.length === segments.length && route.segments.every((part, index) => part.startsWith('{') || part === segments[index])
  );
}

/** The methods a path answers (HEAD and OPTIONS come with GET), or null when no route has the path. */
export function allowedMethods(pathname: string): string[] | null {
  // Only the update path takes a trailing slash: `/sales/policies/` (an id of `.` after URL
  // normalisation) is no operation, not the list.
  const trailingSlash = pathname.length > 1 && pathname.endsWith('/');
  const segments = pathname.split('/').filter(Boolean);
  // As in the router, a literal segment wins over a parameter: `/sales/policies/create` is not `{id}`.
  const best = COMPILED.filter((route) => matches(route, segments) && (!trailingSlash || route.trailingSlashMethods))
    .map((route) => ({ route, rank: route.segments.map((part) => (part.startsWith('{') ? '0' : '1')).join('') }))
    .sort((a, b) => b.rank.localeCompare(a.rank))[0];
  if (!best) return null;
  const methods = new Set(trailingSlash ? best.route.trailingSlashMethods : best.route.methods);
  if (methods.has('GET')) methods.add('HEAD');
  methods.add('OPTIONS');
  return [...methods];
}

/** A problem+json 404/405 for a request no API route takes; null when a route will answer it. */
export function unknownRouteAnswer(request: Request): Response | null {
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith('/api/') || pathname.startsWith(DELEGATED_PREFIX)) return null;
  const allowed = allowedMethods(pathname);
  const correlationId = correlationIdFor(request);
  if (allowed === null) {
    return problemResponse({
      type: '/docs/problems#not-found',
      title: 'Not Found',
      status: 404,
      detail: `There is no API operation at ${pathname}; the reference is at /docs`,
      instance: pathname,
      correlationId,
    });
  }
  if (allowed.includes(request.method.toUpperCase())) return null;
  return methodNotAllowed(request, pathname, allowed, correlationId);
}

function methodNotAllowed(request: Request, pathname: string, allowed: readonly string[], correlationId: string): Response {
  return problemResponse(
    {
      type: '/docs/problems#method-not-allowed',
      title: 'Method Not Allowed',
      status: 405,
      detail: `${pathname} does not take ${request.method}; it takes ${allowed.join(', ')}`,
      instance: pathname,
      correlationId,
    },
    { allow: allowed.join(', ') },
  );
}

/** The methods a route module can export, as Next.js routes them. */
const MODULE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
type ModuleMethod = (typeof MODULE_METHODS)[number];

/**
 * The answers the proxy gives for the methods a route does not take, for the route modules that
 * proxy.ts's matcher leaves out (the hottest operations on a well-formed id, which skip Next.js's
 * proxy step): a problem+json 405 naming the allowed methods, and OPTIONS as Next.js answers it
 * (204 and Allow). Such a module exports the ones it does not implement.
 */
export function otherMethodAnswers(template: string): Record<ModuleMethod, (request: Request) => Response> {
  const methods = API_ROUTES[template];
  if (!methods) throw new Error(`No API route ${template}`);
  const allowed = [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'];
  const refuse = (request: Request) => methodNotAllowed(request, new URL(request.url).pathname, allowed, correlationIdFor(request));
  const options = () => new Response(null, { status: 204, headers: { allow: [...allowed].sort().join(', ') } });
  return Object.fromEntries(MODULE_METHODS.map((method) => [method, method === 'OPTIONS' ? options : refuse])) as Record<
    ModuleMethod,
    (request: Request) => Response
  >;
}
