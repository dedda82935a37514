import { describe, expect, it } from 'vitest';
import { securityHeadersOf } from './security-headers.js';

describe('securityHeadersOf', () => {
  it('when the stack is plain HTTP, then the policy and the usual headers are set, without HSTS or upgrade-insecure-requests', () => {
    const headers = securityHeadersOf({ hsts: false });
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer' });
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['x-powered-by']).toBeUndefined();
  });

  it('when the operator says the stack is behind TLS, then HSTS for a year with subdomains and upgrade-insecure-requests', () => {
    const headers = securityHeadersOf({ hsts: true });
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
