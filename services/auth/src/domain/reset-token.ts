import { createHash, randomBytes } from 'node:crypto';

/** A fresh reset token: 32 random bytes, base64url (43 characters). */
export function generateResetToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored and looked up: the SHA-256 of the token, hex. The raw token is never stored. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A strong generated password (24 characters of base64url). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
