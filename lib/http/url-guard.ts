import { BadRequest } from '@/lib/errors';

// Request URLs we refuse before any parsing of ids or queries: percent-encoding that does not
// decode to UTF-8 (`/%ff%fe`), and NUL anywhere in the path or query (raw or as `%00`), which
// PostgreSQL cannot store or compare in text. Both are 400, never a 500 further in.

/** The problem with this URL's path or query, or null when it is fine. */
export function urlProblem(url: URL): string | null {
  const raw = `${url.pathname}${url.search}`;
  if (raw.includes('\u0000') || /%00/i.test(raw)) return 'The URL must not contain the NUL character (%00)';
  try {
    decodeURIComponent(url.pathname);
  } catch {
    return 'The URL path has a malformed percent-encoding';
  }
  for (const part of url.search.slice(1).split('&')) {
    try {
      decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      return 'The URL query has a malformed percent-encoding';
    }
  }
  return null;
}

/** Throws 400 for a URL `urlProblem` refuses. */
export function assertSaneUrl(url: URL): void {
  const problem = urlProblem(url);
  if (problem) throw new BadRequest(problem);
}

/**
 * The request-level guard, for `proxy.ts`: Next.js decodes dynamic route params before any route
 * handler runs, and a path that does not decode (`/%ff%fe`) fails there as a plain-text 500. The
 * proxy runs first and answers such URLs (and NUL) with a 400 problem+json; undefined lets the
 * request through.
 */
export function refuseMalformedUrl(request: Request): Response | undefined {
  const url = new URL(request.url);
  const problem = urlProblem(url);
  if (!problem) return undefined;
  return new Response(
    JSON.stringify({
      type: '/docs/problems#bad-request',
      title: 'Bad Request',
      status: 400,
      detail: problem,
      instance: url.pathname,
      correlationId: crypto.randomUUID(),
    }),
    { status: 400, headers: { 'content-type': 'application/problem+json' } },
  );
}
