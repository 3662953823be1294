import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, hstsHeader, STATIC_SECURITY_HEADERS } from './security-headers';

function directive(policy: string, name: string): string | undefined {
  return policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));
}

describe('content security policy', () => {
  it('allows scripts only with the nonce, never inline ones, and no framing', () => {
    const policy = contentSecurityPolicy('abc123');
    const scripts = directive(policy, 'script-src')!;
    expect(scripts).toContain("'nonce-abc123'");
    expect(scripts).toContain("'strict-dynamic'");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
  });

  it('sends the other headers a browser app is expected to', () => {
    expect(STATIC_SECURITY_HEADERS['X-Content-Type-Options']).toBe('nosniff');
    expect(STATIC_SECURITY_HEADERS['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(STATIC_SECURITY_HEADERS['Permissions-Policy']).toContain('camera=()');
  });
});

describe('HSTS', () => {
  const request = (url: string, proto?: string) => new Request(url, { headers: proto ? { 'x-forwarded-proto': proto } : {} });

  it('is sent when the browser came over https, directly or through a proxy that says so', () => {
    expect(hstsHeader(request('https://ledger.example/'), {})).toBe('max-age=31536000; includeSubDomains');
    expect(hstsHeader(request('http://10.0.0.5:3000/', 'https'), {})).toBe('max-age=31536000; includeSubDomains');
  });

  it('is not sent over plain http, nor when LEDGER_HSTS_MAX_AGE is 0', () => {
    expect(hstsHeader(request('http://localhost:3000/'), {})).toBeNull();
    expect(hstsHeader(request('https://ledger.example/', 'http'), {})).toBeNull();
    expect(hstsHeader(request('https://ledger.example/'), { LEDGER_HSTS_MAX_AGE: '0' })).toBeNull();
    expect(hstsHeader(request('https://ledger.example/'), { LEDGER_HSTS_MAX_AGE: '600' })).toBe('max-age=600; includeSubDomains');
  });
});
