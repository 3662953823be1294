import { describe, expect, it } from 'vitest';
import { safeRedirectPath, safeRedirectUrl } from './redirect';

const SITE = 'http://localhost:3000';

// One family: every spelling a browser may read as another host, or that hides a scheme.
const ESCAPES = [
  '/\\evil.example/x',
  '\\/evil.example',
  '\\\\evil.example',
  '/%5cevil.example',
  '/%5Cevil.example',
  '%5c%5cevil.example',
  '//evil.example',
  '///evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/%09/evil.example',
  '/%0a/evil.example',
  '\t//evil.example',
  ' //evil.example',
  'https://evil.example/x',
  'HTTPS://evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'http://localhost:3001/quotes',
  'https://localhost:3000/quotes',
  'http://localhost:3000.evil.example/',
  '/\u0000evil',
  '%00',
  'http://[::1',
  '',
];

describe('safe redirects', () => {
  it.each(ESCAPES)('keeps %j on the site', (value) => {
    expect(safeRedirectPath(value, SITE)).toBe('/');
    expect(safeRedirectPath(value)).toBe('/');
    const absolute = safeRedirectUrl(value, SITE);
    expect(new URL(absolute).origin).toBe(SITE);
    expect(absolute).toBe(SITE);
  });

  it('reads scheme-relative and userinfo spellings as the parser does: onto the site, as a plain path', () => {
    // `http:evil` is the relative path `evil` against an http base; `//evil@site` is the site itself.
    expect(safeRedirectPath('http:evil.example', SITE)).toBe('/evil.example');
    expect(safeRedirectPath('//evil.example@localhost:3000/x', SITE)).toBe('/x');
    expect(safeRedirectPath('//evil.example@localhost:3000/x')).toBe('/');
  });

  it('keeps same-site paths, queries and fragments', () => {
    expect(safeRedirectPath('/quotes/1?tab=documents#top', SITE)).toBe('/quotes/1?tab=documents#top');
    expect(safeRedirectPath('/quotes/%C3%A9', SITE)).toBe('/quotes/%C3%A9');
    expect(safeRedirectPath(`${SITE}/referrals`, SITE)).toBe('/referrals');
    expect(safeRedirectPath('quotes', SITE)).toBe('/quotes');
    expect(safeRedirectUrl('/referrals', SITE)).toBe(`${SITE}/referrals`);
    expect(safeRedirectUrl(`${SITE}/signin`, SITE)).toBe(`${SITE}/signin`);
  });

  it('never throws, whatever it is given', () => {
    for (const value of [undefined, null, 42, {}, 'x'.repeat(10_000), '%', '%zz', '/%ff%fe'])
      expect(() => safeRedirectUrl(value, SITE)).not.toThrow();
    expect(safeRedirectUrl('/x', 'not a url')).toBe('/');
  });
});
