import { describe, expect, it } from 'vitest';
import { baseUrl } from '../support/api';

// Sign-in and sign-out targets from a request stay on this site, whatever the spelling, and the
// next-auth routes never answer 500 (an unparseable callbackUrl falls back to the base URL).

const ESCAPES = [
  '/\\evil.example/x',
  '\\/evil.example',
  '\\\\evil.example',
  '/%5cevil.example',
  '/%5Cevil.example',
  '//evil.example',
  '///evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/%09/evil.example',
  '/%0d%0a/evil.example',
  'https://evil.example/x',
  'HTTPS://evil.example',
  'javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,x',
  'http://[::1',
  'http://%zz',
  '%',
];

interface Session {
  cookie: string;
  csrfToken: string;
}

async function session(): Promise<Session> {
  const response = await fetch(`${baseUrl()}/api/auth/csrf`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { cookie: cookies.join('; '), csrfToken };
}

async function post(path: string, fields: Record<string, string>, { cookie, csrfToken }: Session, address?: string) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, ...(address ? { 'x-forwarded-for': address } : {}) },
    body: new URLSearchParams({ ...fields, csrfToken, json: 'true' }),
    redirect: 'manual',
  });
  const text = await response.text();
  return { status: response.status, location: response.headers.get('location'), text };
}

/** Where the answer sends the browser: the JSON `url` next-auth gives its client, or Location. */
function target(answer: { location: string | null; text: string }): string {
  if (answer.location) return answer.location;
  const { url } = JSON.parse(answer.text) as { url?: unknown };
  // A refusal (a 429 problem, say) sends the browser nowhere: it must not pass as "on this site".
  if (typeof url !== 'string') throw new Error(`The answer names no target: ${answer.text.slice(0, 200)}`);
  return url;
}

/** This site, however the test reaches it: the stack's address or its public URL (NEXTAUTH_URL, `localhost`). */
function onSite(target: string): boolean {
  const site = new URL(baseUrl());
  const landing = new URL(target, site);
  return landing.port === site.port && ['localhost', '127.0.0.1'].includes(landing.hostname) && landing.protocol === site.protocol;
}

describe('sign-in callbackUrl', () => {
  it.each(ESCAPES)('%j lands on this site after a right password', async (callbackUrl) => {
    const answer = await post(
      '/api/auth/callback/credentials',
      { email: 'broker@acme.test', password: 'broker-password', callbackUrl },
      await session(),
    );
    // Signed in (not refused, not throttled), so the target below is where the browser really goes.
    expect(answer.status, answer.text.slice(0, 200)).toBe(200);
    expect(target(answer), answer.text.slice(0, 200)).not.toMatch(/error=/);
    expect(onSite(target(answer)), target(answer)).toBe(true);
    expect(new URL(target(answer), baseUrl()).pathname).not.toMatch(/evil/);
  });

  // Each from its own address: more than five wrong passwords from one address are throttled (429).
  it.each(ESCAPES.map((callbackUrl, index) => [callbackUrl, index] as const))(
    '%j lands on this site after a wrong password too',
    async (callbackUrl, index) => {
      const answer = await post(
        '/api/auth/callback/credentials',
        { email: 'broker@acme.test', password: 'wrong', callbackUrl },
        await session(),
        `198.51.100.${index + 1}`,
      );
      expect(answer.status).toBeLessThan(500);
      expect(onSite(target(answer)), target(answer)).toBe(true);
    },
  );

  it('keeps a same-site path', async () => {
    const answer = await post(
      '/api/auth/callback/credentials',
      { email: 'broker@acme.test', password: 'broker-password', callbackUrl: '/referrals?x=1' },
      await session(),
    );
    expect(answer.status, answer.text.slice(0, 200)).toBe(200);
    expect(new URL(target(answer)).pathname).toBe('/referrals');
  });
});

describe('sign-out callbackUrl', () => {
  it.each(ESCAPES)('%j stays on this site', async (callbackUrl) => {
    const answer = await post('/api/auth/signout', { callbackUrl }, await session());
    expect(answer.status).toBeLessThan(500);
    expect(onSite(target(answer)), target(answer)).toBe(true);
  });
});

describe('the sign-in page', () => {
  it.each(ESCAPES)('renders %j as a same-site target only', async (callbackUrl) => {
    const response = await fetch(`${baseUrl()}/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`);
    expect(response.status).toBe(200);
    // The form's target as the page hands it to the browser (the flight data of SignInForm's props).
    const html = await response.text();
    const given = [...html.matchAll(/callbackUrl\\*":\\*"([^"\\]*)/g)].map((match) => match[1]);
    expect(given).toHaveLength(1);
    expect(given[0]).toMatch(/^\/(?![/\\])/);
    expect(onSite(given[0]!)).toBe(true);
    expect(given[0]).not.toMatch(/evil|javascript|data:/i);
  });
});

describe('the next-auth routes', () => {
  it('answer GET on the credentials callback with 405, not 500', async () => {
    for (const query of ['', '?callbackUrl=%', '?callbackUrl=http://%zz']) {
      const response = await fetch(`${baseUrl()}/api/auth/callback/credentials${query}`, { redirect: 'manual' });
      expect(response.status).toBe(405);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
    }
  });

  it('have no client logger: POST /api/auth/_log is 404', async () => {
    const response = await fetch(`${baseUrl()}/api/auth/_log`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ code: 'FORGED', level: 'error', message: 'written by anyone' }),
    });
    expect(response.status).toBe(404);
  });

  it('survive a callbackUrl cookie that does not parse', async () => {
    const { cookie, csrfToken } = await session();
    const answer = await post(
      '/api/auth/callback/credentials',
      { email: 'broker@acme.test', password: 'broker-password' },
      { cookie: `${cookie}; next-auth.callback-url=${encodeURIComponent('http://%zz')}`, csrfToken },
    );
    expect(answer.status).toBeLessThan(500);
    expect(onSite(target(answer)), target(answer)).toBe(true);
  });
});
