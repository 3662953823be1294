import { NextResponse, type NextRequest } from 'next/server';
import { refuseMalformedUrl } from '@/lib/http/url-guard';

// Runs before Next.js matches routes and decodes their params: URLs that cannot be decoded, or
// carry NUL, are a 400 problem+json here instead of a plain-text 500 there.
export function proxy(request: NextRequest) {
  return refuseMalformedUrl(request) ?? NextResponse.next();
}
