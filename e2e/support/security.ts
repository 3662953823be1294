import { expect, type Page, type Response } from '@playwright/test';

// Browser security of every page a journey visits: the headers each page document arrives
// with, and no Content-Security-Policy violation while the journey runs. The sign-in helper
// starts watching a page; expectAccessible (which every journey calls) and the end of sign-in
// assert what was seen so far, so the journeys themselves need not say anything.

interface Watch {
  problems: string[];
  pages: number;
}

const watches = new WeakMap<Page, Watch>();

/** What a page document must carry; returns what is wrong (empty when all is well). */
export function pageHeaderProblems(url: string, headers: Record<string, string>): string[] {
  const problems: string[] = [];
  const csp = headers['content-security-policy'] ?? '';
  const scriptSrc = /(?:^|;)\s*script-src([^;]*)/.exec(csp)?.[1] ?? '';
  if (!/'nonce-[A-Za-z0-9+/=]{16,}'/.test(scriptSrc)) problems.push(`${url}: script-src has no nonce (${csp || 'no CSP'})`);
  if (scriptSrc.includes("'unsafe-inline'")) problems.push(`${url}: script-src allows 'unsafe-inline'`);
  if (!/(?:^|;)\s*frame-ancestors 'none'/.test(csp)) problems.push(`${url}: no frame-ancestors 'none'`);
  if (headers['x-content-type-options'] !== 'nosniff') problems.push(`${url}: X-Content-Type-Options is not nosniff`);
  if (!headers['referrer-policy']) problems.push(`${url}: no Referrer-Policy`);
  if (!headers['permissions-policy']) problems.push(`${url}: no Permissions-Policy`);
  if (url.startsWith('https:') && !headers['strict-transport-security']) problems.push(`${url}: no HSTS over https`);
  return problems;
}

/** Starts watching a page (once): page documents' headers and CSP violations reported in the console. */
export async function watchSecurity(page: Page): Promise<void> {
  if (watches.has(page)) return;
  const watch: Watch = { problems: [], pages: 0 };
  watches.set(page, watch);
  // The browser reports a blocked script or style as a console error; the event names the directive too.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|CSP violation/i.test(text)) watch.problems.push(`console: ${text}`);
  });
  page.on('response', (response: Response) => {
    const request = response.request();
    if (!request.isNavigationRequest() || request.frame() !== page.mainFrame() || request.resourceType() !== 'document') return;
    // Redirects carry no page; the page is the final answer.
    if (response.status() >= 300 && response.status() < 400) return;
    watch.pages++;
    watch.problems.push(...pageHeaderProblems(response.url(), response.headers()));
  });
}

/** Every page document seen so far had the headers, and no CSP violation was reported. */
export function expectSecurePages(page: Page): void {
  const watch = watches.get(page);
  if (!watch) return;
  expect(watch.problems).toEqual([]);
}
