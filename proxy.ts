import { NextResponse, type NextRequest } from 'next/server';
import { needsPageSecurityHeaders, withSecurityHeaders } from '@/lib/http/security-headers';
import { unknownRouteAnswer } from '@/lib/http/unknown-route';
import { refuseMalformedUrl } from '@/lib/http/url-guard';

// Next.js proxy (formerly middleware), a thin composition of functions from lib/http. It runs on
// every request but those its matcher (below) leaves out, before Next.js matches routes and
// decodes their params:
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

// The proxy runs on every path but the hottest operations of a quote's life on a well-formed id
// (read, create, calculate, bind, issue, the actions and request polls, the documents list) and
// the bench's empty and round-trip routes they are measured against. Next.js's proxy step costs
// each request it runs on about 0.5 ms of the app's CPU (README, "The proxy step on the hot
// routes"), and for these it has nothing to do: an id of hex digits and dashes cannot hold a
// malformed percent-encoding or NUL; the route handler refuses NUL in the query
// (lib/http/route.ts), where a malformed percent-encoding reaches it as U+FFFD and is judged like
// any other value; and the route module answers the methods it does not take as the proxy would
// (otherMethodAnswers). Any other shape of the same paths, and the update's trailing-slash path,
// still goes through the proxy.
export const config = {
  matcher: [
    '/((?!api/v1/ledger/(?:sales/policies/(?:create|actions/[0-9a-fA-F-]{36}|[0-9a-fA-F-]{36}(?:/(?:calculate|bind|issue))?)|requests/[0-9a-fA-F-]{36}|policies/[0-9a-fA-F-]{36}/documents)$|api/bench/(?:empty|round-trip)(?:/[0-9a-fA-F-]{36})?$).*)',
  ],
};
