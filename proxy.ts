import { NextResponse, type NextRequest } from 'next/server';
import { needsPageSecurityHeaders, withSecurityHeaders } from '@/lib/http/security-headers';
import { unknownRouteAnswer } from '@/lib/http/unknown-route';
import { refuseMalformedUrl } from '@/lib/http/url-guard';

// Next.js proxy (formerly middleware), a thin composition of functions from lib/http. It runs on
// every request, before Next.js matches routes and decodes their params:
// - a URL that cannot be decoded, or carries NUL, is a 400 problem+json here instead of a
//   plain-text 500 there;
// - an /api/ path or method that no route takes is a problem+json 404/405, not the HTML page;
// - pages get their per-request CSP nonce and security headers (the API's answers carry the
//   static headers from next.config.js).
export function proxy(request: NextRequest): Response {
  const refused = refuseMalformedUrl(request) ?? unknownRouteAnswer(request);
  if (refused) return refused;
  return needsPageSecurityHeaders(request) ? withSecurityHeaders(request) : NextResponse.next();
}
