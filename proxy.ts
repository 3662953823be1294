import { NextResponse, type NextRequest } from 'next/server';
import { unknownRouteAnswer } from '@/lib/http/unknown-route';

// Before routing: an /api/ path or method that no route takes answers problem+json 404/405.
export function proxy(request: NextRequest): Response {
  return unknownRouteAnswer(request) ?? NextResponse.next();
}

export const config = { matcher: '/api/:path*' };
