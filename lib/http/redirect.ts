// Where a URL taken from a request may send the browser (sign-in `callbackUrl`, sign-out, any
// `returnTo`): only to this site. The target is resolved with the URL parser against the site's
// origin and kept only when the origin stays the same; backslashes and control characters are
// refused outright, raw or percent-encoded, because browsers read `/\evil` as `//evil` and drop
// tabs and newlines inside a URL.

/** Parsing base when the site's own origin is not at hand (a relative path resolves onto it). */
const PLACEHOLDER_ORIGIN = 'https://site.invalid';
const FORBIDDEN = /[\\\u0000-\u001f\u007f]/;
const ENCODED_FORBIDDEN = /%(5c|[01][0-9a-f]|7f)/i;

/**
 * The same-site path (pathname, query and fragment) `value` points to, or `fallback` when it
 * points anywhere else, is not a string, or cannot be parsed. Never throws.
 */
export function safeRedirectPath(value: unknown, siteOrigin?: string, fallback = '/'): string {
  if (typeof value !== 'string' || value === '' || value.length > 2048) return fallback;
  if (FORBIDDEN.test(value) || ENCODED_FORBIDDEN.test(value)) return fallback;
  let origin: string;
  let target: URL;
  try {
    origin = new URL(siteOrigin ?? PLACEHOLDER_ORIGIN).origin;
    target = new URL(value, origin);
  } catch {
    return fallback;
  }
  if (target.origin !== origin || (target.protocol !== 'http:' && target.protocol !== 'https:')) return fallback;
  const path = `${target.pathname}${target.search}${target.hash}`;
  // `//host` would be read as another host when used as a relative reference.
  if (!path.startsWith('/') || path.startsWith('//')) return fallback;
  return path;
}

/**
 * next-auth's redirect callback: same-site targets become absolute URLs on `baseUrl`; anything
 * else, including what cannot be parsed, is `baseUrl` itself. Never throws (a throw is a 500).
 */
export function safeRedirectUrl(url: unknown, baseUrl: string): string {
  let origin: string;
  try {
    origin = new URL(baseUrl).origin;
  } catch {
    return '/';
  }
  const path = safeRedirectPath(url, origin, '');
  return path === '' ? baseUrl : `${origin}${path}`;
}
