import { describe, expect, it } from 'vitest';
import { generatePassword, generateResetToken, hashResetToken } from './reset-token.js';

describe('reset tokens', () => {
  it('when a token is generated, then it is 32 random bytes in base64url and differs each time', () => {
    const a = generateResetToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(generateResetToken()).not.toBe(a);
  });

  it('when a token is hashed, then the hash is its SHA-256 hex and does not contain the token', () => {
    const token = generateResetToken();
    const hash = hashResetToken(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(hashResetToken(token));
    expect(hash).not.toContain(token);
  });

  it('when a password is generated, then it has 24 characters', () => {
    expect(generatePassword()).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });
});
