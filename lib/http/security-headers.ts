import { NextResponse, type NextRequest } from 'next/server';

// Browser security headers of the pages. Every page gets a fresh nonce: Next.js reads it from
// the request's Content-Security-Policy header and puts it on its own scripts, so no inline
// script runs without it ('strict-dynamic' lets those scripts load the app's chunks). Styles
// keep 'unsafe-inline': React writes style attributes, which nonces cannot cover, and styles
// cannot run code. The API's JSON answers carry the static headers from next.config.js.

/** HSTS max-age when the page is served over https; LEDGER_HSTS_MAX_AGE=0 turns it off. */
const HSTS_MAX_AGE_SECONDS_DEFAULT = 31_536_000;

export const STATIC_SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  // For browsers that predate frame-ancestors.
  'X-Frame-Options': 'DENY',
};

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    // 'unsafe-eval': the quote and policy forms validate with Ajv, which compiles each product
    // schema to a function (new Function) in the browser; no script runs without the nonce, but
    // a running one may evaluate code. Precompiled (standalone) validators would remove it.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' 'unsafe-eval'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** True when the browser reached us over https, directly or through a proxy that says so. */
export function servedOverHttps(request: Request): boolean {
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  if (forwarded) return forwarded === 'https';
  return new URL(request.url).protocol === 'https:';
}

export function hstsHeader(request: Request, env: Record<string, string | undefined> = process.env): string | null {
  const configured = env.LEDGER_HSTS_MAX_AGE?.trim();
  const maxAge = configured ? Number(configured) : HSTS_MAX_AGE_SECONDS_DEFAULT;
  if (!Number.isFinite(maxAge) || maxAge <= 0 || !servedOverHttps(request)) return null;
  return `max-age=${Math.floor(maxAge)}; includeSubDomains`;
}

function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** The proxy step for pages: a nonce for this request, the CSP on request and response, the other headers. */
export function withSecurityHeaders(request: NextRequest): NextResponse {
  const nonce = newNonce();
  const policy = contentSecurityPolicy(nonce);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('Content-Security-Policy', policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', policy);
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) response.headers.set(name, value);
  const hsts = hstsHeader(request);
  if (hsts) response.headers.set('Strict-Transport-Security', hsts);
  return response;
}

const NOT_PAGES = /^\/(?:api(?:\/|$)|_next\/static\/|_next\/image|favicon\.ico$)/;

/** Pages (not the API, static files or prefetches) get the nonce and the page headers. */
export function needsPageSecurityHeaders(request: Request): boolean {
  if (NOT_PAGES.test(new URL(request.url).pathname)) return false;
  const headers = request.headers;
  return !headers.has('next-router-prefetch') && headers.get('purpose') !== 'prefetch';
}
