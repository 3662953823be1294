import type { NextRequest } from 'next/server';
import { withSecurityHeaders } from '@/lib/http/security-headers';

// Next.js proxy (formerly middleware): kept a thin composition of functions from lib/http.
export function proxy(request: NextRequest) {
  return withSecurityHeaders(request);
}

// Next.js reads the matcher statically: it must be a literal here (same as SECURITY_HEADERS_MATCHER).
export const config = {
  matcher: [
    {
      source: '/((?!api|_next/static|_next/image|favicon.ico).*)',
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
