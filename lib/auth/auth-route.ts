import { randomUUID } from 'node:crypto';
import { problemFromError, problemResponse } from '@/lib/http/problem';
import type { RateLimited } from '@/lib/errors';
import { errorFields, log } from '@/lib/log';
import { signInThrottle } from './sign-in-guard';
import { heldRefusal } from './held-refusal';
import { clientAddress, SignInBlocked } from './throttle';

// The next-auth route, fenced: the client logger endpoint (`_log`) is off, a GET on the
// credentials callback (which only takes a POST) is a plain 405, and whatever next-auth throws or
// answers with a 500 becomes a redirect to the site's base URL instead of a crash page.

type RouteContext = { params: Promise<{ nextauth?: string[] }> };
type Handler = (request: Request, context: RouteContext) => Promise<Response>;

function refuse(status: number, title: string, detail: string, instance: string, headers: Record<string, string> = {}): Response {
  const correlationId = randomUUID();
  return problemResponse({ type: '/docs/problems#bad-request', title, status, detail, instance, correlationId }, headers);
}

export function guardAuthRoute(handler: Handler): Handler {
  return async (request, context) => {
    const url = new URL(request.url);
    const [action, provider] = (await context.params).nextauth ?? [];
    if (action === '_log') {
      return refuse(404, 'Not Found', 'There is no client log endpoint', url.pathname);
    }
    if (action === 'callback' && provider === 'credentials' && request.method !== 'POST') {
      return refuse(405, 'Method Not Allowed', 'The credentials callback takes a POST from the sign-in form', url.pathname, {
        allow: 'POST',
      });
    }
    if (action === 'callback' && provider === 'credentials') {
      const throttled = await throttledSignIn(request);
      if (throttled) return problemFromError(throttled, url.pathname, randomUUID());
    }
    try {
      const response = await handler(request, context);
      if (response.status < 500) return response;
      log.warn('sign-in route answered an error; sending the browser to the start page', { path: url.pathname, status: response.status });
    } catch (error) {
      log.warn('sign-in route failed; sending the browser to the start page', { path: url.pathname, ...errorFields(error) });
    }
    return Response.redirect(new URL('/', url.origin), 303);
  };
}

/** The sign-in form's attempt, refused before next-auth sees it while its e-mail or address is throttled. */
async function throttledSignIn(request: Request): Promise<RateLimited | null> {
  let email: string | undefined;
  try {
    const value = (await request.clone().formData()).get('email');
    email = typeof value === 'string' ? value.slice(0, 254) : undefined;
  } catch (error) {
    // Not a form: next-auth answers it as it does today.
    log.info('sign-in body is not a form', errorFields(error));
  }
  if (!email) return null;
  try {
    await signInThrottle().assertAllowed({ kind: 'user', account: email, address: clientAddress(request.headers.get('x-forwarded-for')) });
    return null;
  } catch (error) {
    if (error instanceof SignInBlocked) return heldRefusal(error);
    throw error;
  }
}
